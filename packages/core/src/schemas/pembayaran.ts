/**
 * Payment (pembayaran) schemas: the add/edit form and `POST`/`PUT /api/pembayaran` bodies
 * (spec §5). Numeric fields accept numbers and numeric strings.
 */
import { z } from './zod';
import { MAX_RUPIAH } from '../domain/money';
import { jenisPembayaran } from '../domain/types';
import { messages } from '../messages';
import { dateField, enumField, idField, optionalIdField, optionalNumberField, optionalTextField, rupiahField } from './fields';

const m = messages.pembayaran;

/** Limits of the payment fields. */
export const pembayaranLimits = {
  jumlahMax: MAX_RUPIAH,
  angsuranKeMax: 360,
  keteranganMaxLength: 1000,
} as const;

const pembayaranObject = z.object({
  pinjaman_id: idField(m.pinjamanRequired),
  /** Defaults to today in the form (see `todayJakarta`); required in the request. */
  tanggal: dateField(m.tanggalRequired),
  jumlah: rupiahField(
    { positive: m.jumlahPositive, notNumber: m.jumlahNotNumber, integer: m.jumlahInteger, max: m.jumlahMax },
    pembayaranLimits.jumlahMax,
  ),
  jenis: enumField(jenisPembayaran, m.jenisRequired),
  keterangan: optionalTextField(pembayaranLimits.keteranganMaxLength, m.keteranganMax),
  /** Required (1–360) for jenis angsuran; otherwise a positive integer or null (0 → null). */
  angsuran_ke: optionalNumberField(m.angsuranKeNotNumber),
  /**
   * Where the money was received (issue 48): a cash or bank account of the chart (`kas_bank`);
   * missing or null: in cash, the account of the role `kas`.
   */
  akun_kas_id: optionalIdField(m.akunKasInvalid),
});

type AngsuranShape = { jenis: (typeof jenisPembayaran)[number]; angsuran_ke: number | null };

function angsuranKeParsed(payload: z.core.ParsePayload): boolean {
  // A body that is not an object at all (null, a string...) was already refused by z.object.
  if (typeof payload.value !== 'object' || payload.value === null) return false;
  return !payload.issues.some((issue) => issue.path?.[0] === 'jenis' || issue.path?.[0] === 'angsuran_ke');
}

/** The message for angsuran_ke given the jenis, or null when it is acceptable. */
function angsuranKeError({ jenis, angsuran_ke: value }: AngsuranShape): string | null {
  if (value === null || (value === 0 && jenis !== 'angsuran')) {
    return jenis === 'angsuran' ? m.angsuranKeRequired : null;
  }
  if (jenis === 'angsuran' && value <= 0) return m.angsuranKeRequired;
  if (!Number.isInteger(value) || value < 0) return m.angsuranKeInteger;
  return value > pembayaranLimits.angsuranKeMax ? m.angsuranKeMax : null;
}

function checkAngsuranKe(value: AngsuranShape, ctx: z.core.$RefinementCtx<AngsuranShape>): void {
  const message = angsuranKeError(value);
  if (message) ctx.addIssue({ code: 'custom', path: ['angsuran_ke'], message, input: value.angsuran_ke });
}

function normalizeAngsuranKe<T extends AngsuranShape>(value: T): T {
  return value.angsuran_ke === 0 ? { ...value, angsuran_ke: null } : value;
}

/** Add form and `POST /api/pembayaran` body. */
export const pembayaranCreateSchema = pembayaranObject
  .superRefine(checkAngsuranKe, { when: angsuranKeParsed })
  .transform(normalizeAngsuranKe);
export type PembayaranCreateInput = z.infer<typeof pembayaranCreateSchema>;
export type PembayaranCreateFormValues = z.input<typeof pembayaranCreateSchema>;

/** Edit form and `PUT /api/pembayaran/{id}` body: the same body as create (spec §7). */
export const pembayaranUpdateSchema = pembayaranCreateSchema;
export type PembayaranUpdateInput = z.infer<typeof pembayaranUpdateSchema>;
export type PembayaranUpdateFormValues = z.input<typeof pembayaranUpdateSchema>;
