/**
 * What the payment endpoints answer (spec §3 Pembayaran, Statistics). The API declares these as
 * response schemas (undeclared fields are dropped); the web app reads the inferred types.
 */
import { z } from './zod';
import { jenisPembayaran, statusPinjamanFilter, tipePinjaman } from '../domain/types';

/** One payment as `GET /api/pembayaran` lists it, with its loan and that loan's customer. */
export const pembayaranSchema = z.object({
  id: z.number(),
  pinjaman_id: z.number(),
  pinjaman: z.object({
    id: z.number(),
    nomor_pinjaman: z.string(),
    tipe: z.enum(tipePinjaman),
    nasabah: z.object({ id: z.number(), nama: z.string(), nik: z.string().nullable() }),
  }),
  tanggal: z.string(),
  jumlah: z.number(),
  jenis: z.enum(jenisPembayaran),
  keterangan: z.string().nullable(),
  angsuran_ke: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Pembayaran = z.infer<typeof pembayaranSchema>;

/**
 * One payment as `GET /api/pembayaran/{id}` (and the writes) answer it: the loan with its terms and
 * balance, and the customer with contact data (spec §2 Payment detail).
 */
export const pembayaranDetailSchema = pembayaranSchema.extend({
  /** The receipt number, KW/2026/000123 (issue 25); given when the payment was recorded. */
  nomor_kwitansi: z.string().nullable(),
  pinjaman: z.object({
    id: z.number(),
    nomor_pinjaman: z.string(),
    urutan_pinjaman: z.number(),
    tipe: z.enum(tipePinjaman),
    jumlah: z.number(),
    persentase: z.number(),
    durasi_angsuran: z.number().nullable(),
    status: z.enum(statusPinjamanFilter),
    tanggal_pinjam: z.string(),
    sisa_pokok: z.number(),
    total_pembayaran: z.number(),
    nasabah: z.object({
      id: z.number(),
      nama: z.string(),
      nik: z.string().nullable(),
      telepon: z.string().nullable(),
      alamat: z.string().nullable(),
    }),
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
