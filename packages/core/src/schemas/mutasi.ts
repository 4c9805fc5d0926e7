/** A loan's money events as the API answers them (issue 47): `GET /api/pinjaman/{id}/mutasi`. */
import { z } from './zod';
import { jenisMutasi, mutasiPartNames } from '../domain/mutasi';
import { loanPositionSchema } from './loan-figures';

/** What the event moved (core MutasiParts): one figure per part core lists, in whole rupiah, signed. */
const partsShape = Object.fromEntries(mutasiPartNames.map((name) => [name, z.number()])) as Record<
  (typeof mutasiPartNames)[number],
  z.ZodNumber
>;

export const mutasiSchema = z.object({
  id: z.number(),
  jenis: z.enum(jenisMutasi),
  /** The value date: the payment's, the akad's; a reversal keeps the date of what it reverses. */
  tanggal: z.string(),
  ...partsShape,
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
export const mutasiListSchema = loanPositionSchema.pick({ sisa_pokok: true, sisa_margin: true }).extend({
  mutasi: z.array(mutasiSchema),
  sisa_pokok_buku: z.number(),
  sisa_margin_buku: z.number(),
});
export type MutasiList = z.infer<typeof mutasiListSchema>;
