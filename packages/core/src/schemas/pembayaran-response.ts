/**
 * What the payment endpoints answer (spec §3 Pembayaran, Statistics). The API declares these as
 * response schemas (undeclared fields are dropped); the web app reads the inferred types.
 */
import { z } from './zod';
import { recordTimesShape } from './record-times';
import { jenisPembayaran } from '../domain/types';
import { nasabahSchema } from './nasabah-response';
import { pinjamanNasabahSchema, pinjamanSchema } from './pinjaman-response';
import { loanTermsShape } from './loan-figures';

/** One payment as `GET /api/pembayaran` lists it, with its loan and that loan's customer. */
export const pembayaranSchema = z.object({
  id: z.number(),
  pinjaman_id: z.number(),
  pinjaman: pinjamanSchema.pick({ id: true, nomor_pinjaman: true, tipe: true }).extend({ nasabah: pinjamanNasabahSchema }),
  tanggal: z.string(),
  jumlah: z.number(),
  jenis: z.enum(jenisPembayaran),
  keterangan: z.string().nullable(),
  angsuran_ke: z.number().nullable(),
  /** Where it was received (issue 48): a cash or bank account; null: in cash. */
  akun_kas_id: z.number().nullable(),
  ...recordTimesShape,
});
export type Pembayaran = z.infer<typeof pembayaranSchema>;

/**
 * One payment as `GET /api/pembayaran/{id}` (and the writes) answer it: the loan with its terms and
 * balance, and the customer with contact data (spec §2 Payment detail).
 */
export const pembayaranDetailSchema = pembayaranSchema.extend({
  /** The receipt number, KW/2026/000123 (issue 25); given when the payment was recorded. */
  nomor_kwitansi: z.string().nullable(),
  /** The name of the cash or bank account it was received into; null: in cash. */
  akun_kas_nama: z.string().nullable(),
  pinjaman: pinjamanSchema
    .pick({ id: true, nomor_pinjaman: true, urutan_pinjaman: true, status: true, sisa_pokok: true, total_pembayaran: true })
    .extend({
      ...loanTermsShape,
      nasabah: nasabahSchema.pick({ id: true, nama: true, nik: true, telepon: true, alamat: true }),
    }),
});
export type PembayaranDetail = z.infer<typeof pembayaranDetailSchema>;

/**
 * `GET /api/pembayaran/stats` over the living payments matching the filters: their number, their
 * sum and the average rounded half-up to a whole rupiah (0 when there are none).
 */
export const pembayaranStatsSchema = z.object({
  total_pembayaran: z.number(),
  total_nilai_pembayaran: z.number(),
  avg_pembayaran: z.number(),
});
export type PembayaranStats = z.infer<typeof pembayaranStatsSchema>;
