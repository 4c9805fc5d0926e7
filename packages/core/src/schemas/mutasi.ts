/** A loan's money events as the API answers them (issue 47): `GET /api/pinjaman/{id}/mutasi`. */
import { z } from './zod';
import { jenisMutasi } from '../domain/mutasi';

export const mutasiSchema = z.object({
  id: z.number(),
  jenis: z.enum(jenisMutasi),
  /** The value date: the payment's, the akad's; a reversal keeps the date of what it reverses. */
  tanggal: z.string(),
  kas: z.number(),
  pokok_akad: z.number(),
  margin_akad: z.number(),
  pokok: z.number(),
  margin: z.number(),
  bagi_hasil: z.number(),
  lebih_bayar: z.number(),
  margin_dibebaskan: z.number(),
  pokok_dihapus: z.number(),
  lain: z.number(),
  hapus_buku_pokok: z.number(),
  hapus_buku_margin: z.number(),
  pemulihan: z.number(),
  pembayaran_id: z.number().nullable(),
  /** The payment's instalment number and kind, when the event is a payment's. */
  angsuran_ke: z.number().nullable(),
  pembayaran_jenis: z.string().nullable(),
  membalik_id: z.number().nullable(),
  /** Set on the event another one reversed. */
  dibalik_oleh: z.number().nullable(),
  alasan: z.string().nullable(),
  /** Derived from the payments of a loan recorded before the money events (not posted as it happened). */
  diturunkan: z.boolean(),
  dicatat_oleh: z.string().nullable(),
  dicatat_pada: z.string(),
});
export type Mutasi = z.infer<typeof mutasiSchema>;

/**
 * The loan's events, oldest first, and what they add up to (the loan's position): what the customer
 * still owes of principal and margin, and what of it is still on the books (0 once written off).
 */
export const mutasiListSchema = z.object({
  mutasi: z.array(mutasiSchema),
  sisa_pokok: z.number(),
  sisa_margin: z.number(),
  sisa_pokok_buku: z.number(),
  sisa_margin_buku: z.number(),
});
export type MutasiList = z.infer<typeof mutasiListSchema>;
