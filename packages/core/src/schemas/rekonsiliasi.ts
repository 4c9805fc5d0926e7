/**
 * The daily reconciliation of the books as the API answers it (issue 48 item 5):
 * `GET /api/akuntansi/rekonsiliasi` (the latest run) and `POST` (run it now). Amounts are whole
 * rupiah; `mutasi_tanpa_jurnal` counts money events.
 */
import { z } from './zod';
import { cekRekonsiliasi } from '../domain/rekonsiliasi';
import { optionalDateField } from './fields';

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const hasilCekSchema = z.object({
  cek: z.enum(cekRekonsiliasi),
  /** What the check compares, as staff read it. */
  label: z.string(),
  satuan: z.enum(['rupiah', 'mutasi']),
  /** The account compared, when the check is of one account. */
  akun_kode: z.string().nullable(),
  akun_nama: z.string().nullable(),
  /** What the money events (or the lines) say the books should hold. */
  seharusnya: z.number(),
  /** What the books hold. */
  tercatat: z.number(),
  /** tercatat − seharusnya. */
  selisih: z.number(),
  cocok: z.boolean(),
});
export type HasilCekRekonsiliasi = z.infer<typeof hasilCekSchema>;

/** One run: the day reconciled (its end), when it ran, by whom (null: the daily job), and each check. */
export const rekonsiliasiSchema = z.object({
  id: z.number(),
  tanggal: z.string(),
  dijalankan_pada: z.string(),
  dijalankan_oleh: z.string().nullable(),
  cocok: z.boolean(),
  cek: z.array(hasilCekSchema),
});
export type Rekonsiliasi = z.infer<typeof rekonsiliasiSchema>;

/** `GET /api/akuntansi/rekonsiliasi`: the latest run, or null before the first. */
export const rekonsiliasiTerakhirSchema = rekonsiliasiSchema.nullable();

/** `POST /api/akuntansi/rekonsiliasi`: the day to reconcile (default today). */
export const rekonsiliasiRunSchema = z.object({ tanggal: z.preprocess(blank, optionalDateField()) });
export type RekonsiliasiRunInput = z.infer<typeof rekonsiliasiRunSchema>;
