/**
 * What the customer endpoints answer (spec §3 Nasabah, Statistics). The API declares these as
 * response schemas (undeclared columns such as created_by and deleted_at are dropped); the web app
 * reads the inferred types.
 */
import { z } from './zod';
import { recordTimesShape } from './record-times';
import { statusNasabah } from '../domain/types';

/** One customer as `GET /api/nasabah` and `GET /api/nasabah/{id}` return it; `nama_lengkap` repeats `nama`. */
export const nasabahSchema = z.object({
  id: z.number(),
  nama: z.string(),
  nama_lengkap: z.string(),
  nik: z.string().nullable(),
  telepon: z.string().nullable(),
  alamat: z.string().nullable(),
  kecamatan: z.string().nullable(),
  kota: z.string().nullable(),
  tanggal_nasabah: z.string().nullable(),
  status: z.enum(statusNasabah),
  /** Whether the customer receives WhatsApp reminders of instalments (issue 24). */
  terima_pengingat: z.boolean(),
  /** Came from an import of the old system's data (issue 26 C), not from the form. */
  diimpor: z.boolean(),
  total_pinjaman: z.number(),
  /** The fields still missing (spec §3 'Data Tidak Lengkap'). */
  data_completeness: z.array(z.string()),
  ...recordTimesShape,
});
export type Nasabah = z.infer<typeof nasabahSchema>;

/** `GET /api/nasabah/stats`: `total` repeats `total_nasabah`. */
export const nasabahStatsSchema = z.object({
  total_nasabah: z.number(),
  total: z.number(),
  aktif: z.number(),
  nonaktif: z.number(),
});
export type NasabahStats = z.infer<typeof nasabahStatsSchema>;
