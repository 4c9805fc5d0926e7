/**
 * Loan (pinjaman) schemas: the add/edit form, the multipart `POST /api/pinjaman` body (all values
 * strings) and the JSON or multipart `PUT /api/pinjaman/{id}` body (spec §5, §7). Numeric fields
 * accept numbers and numeric strings alike, so one schema serves all of them.
 */
import { z } from './zod';
import { MAX_RUPIAH } from '../domain/money';
import { statusPinjaman, tipePinjaman } from '../domain/types';
import { messages } from '../messages';
import {
  dateField,
  enumField,
  firstFailing,
  idField,
  numberField,
  optionalIdField,
  optionalNumberField,
  optionalTextField,
  rupiahField,
  toNumberInput,
  type NumberInput,
} from './fields';

const m = messages.pinjaman;

/** Limits of the loan fields. */
export const pinjamanLimits = {
  jumlahMax: MAX_RUPIAH,
  persentaseMax: 100,
  durasiMax: 360,
  urutanMax: 999,
  nomorPinjamanMaxLength: 50,
  jaminanMaxLength: 500,
  keteranganMaxLength: 1000,
} as const;

/** Whether a number has at most two decimals (persentase is NUMERIC(5,2)). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

const persentaseField = numberField(m.persentaseRequired, m.persentaseNotNumber, true).check(
  firstFailing<number>([
    [(v) => v >= 0, m.persentaseNegative],
    [(v) => v <= pinjamanLimits.persentaseMax, m.persentaseMax],
    [hasAtMostTwoDecimals, m.persentaseDecimals],
  ]),
);

const urutanField = z
  .preprocess(
    (value: NumberInput) => toNumberInput(value),
    z
      .number({ error: m.urutanInteger })
      .check(
        firstFailing<number>([
          [(v) => v >= 1, m.urutanMin],
          [Number.isInteger, m.urutanInteger],
          [(v) => v <= pinjamanLimits.urutanMax, m.urutanMax],
        ]),
      )
      .optional(),
  )
  .optional();

const pinjamanFields = {
  nasabah_id: idField(m.nasabahRequired),
  /** Old-system code such as A001; '' when empty (column is NOT NULL DEFAULT ''). */
  nomor_pinjaman: optionalTextField(pinjamanLimits.nomorPinjamanMaxLength, m.nomorMax).transform((value) => value ?? ''),
  /** ≥ 1; optional: absent means "let the server take the next number" (decisions §3). */
  urutan_pinjaman: urutanField,
  tanggal_pinjam: dateField(m.tanggalPinjamRequired),
  jumlah: rupiahField(
    { positive: m.jumlahPositive, notNumber: m.jumlahNotNumber, integer: m.jumlahInteger, max: m.jumlahMax },
    pinjamanLimits.jumlahMax,
  ),
  persentase: persentaseField,
  tipe: enumField(tipePinjaman, m.tipeRequired),
  /** Required (1–360) for pokok; always null for non-pokok, whatever was sent. */
  durasi_angsuran: optionalNumberField(m.durasiNotNumber),
  jaminan: optionalTextField(pinjamanLimits.jaminanMaxLength, m.jaminanMax),
  keterangan: optionalTextField(pinjamanLimits.keteranganMaxLength, m.keteranganMax),
  /**
   * Where the money was disbursed from (issue 48): a cash or bank account of the chart (`kas_bank`);
   * missing or null: in cash, the account of the role `kas`.
   */
  akun_kas_id: optionalIdField(m.akunKasInvalid),
};

type DurasiShape = { tipe: (typeof tipePinjaman)[number]; durasi_angsuran: number | null };

/** Only check durasi once tipe and durasi themselves parsed, so other field errors still show. */
function durasiParsed(payload: z.core.ParsePayload): boolean {
  // A body that is not an object at all (null, a string...) was already refused by z.object.
  if (typeof payload.value !== 'object' || payload.value === null) return false;
  return !payload.issues.some((issue) => issue.path?.[0] === 'tipe' || issue.path?.[0] === 'durasi_angsuran');
}

function checkDurasi(value: DurasiShape, ctx: z.core.$RefinementCtx<DurasiShape>): void {
  if (value.tipe !== 'pokok') return;
  const durasi = value.durasi_angsuran;
  const message =
    durasi === null || durasi <= 0
      ? m.durasiRequired
      : !Number.isInteger(durasi)
        ? m.durasiInteger
        : durasi > pinjamanLimits.durasiMax
          ? m.durasiMax
          : null;
  if (message) ctx.addIssue({ code: 'custom', path: ['durasi_angsuran'], message, input: durasi });
}

function normalizeDurasi<T extends DurasiShape>(value: T): T {
  return value.tipe === 'pokok' ? value : { ...value, durasi_angsuran: null };
}

/** Add form and `POST /api/pinjaman` body (multipart strings or JSON numbers). */
export const pinjamanCreateSchema = z
  .object(pinjamanFields)
  .superRefine(checkDurasi, { when: durasiParsed })
  .transform(normalizeDurasi);
export type PinjamanCreateInput = z.infer<typeof pinjamanCreateSchema>;
export type PinjamanCreateFormValues = z.input<typeof pinjamanCreateSchema>;

/** Edit form and `PUT /api/pinjaman/{id}` body: the same fields plus status aktif|lunas|macet. */
export const pinjamanUpdateSchema = z
  .object({ ...pinjamanFields, status: enumField(statusPinjaman, m.statusInvalid) })
  .superRefine(checkDurasi, { when: durasiParsed })
  .transform(normalizeDurasi);
export type PinjamanUpdateInput = z.infer<typeof pinjamanUpdateSchema>;
export type PinjamanUpdateFormValues = z.input<typeof pinjamanUpdateSchema>;
