/** Write-off's body and answers (issue 47): `GET` and `POST /api/pinjaman/{id}/hapus-buku`. */
import { z } from './zod';
import { hapusBukuMessages as m } from '../domain/hapus-buku';
import { textField } from './fields';
import { persetujuanSchema } from './persetujuan';
import { loanPositionSchema } from './loan-figures';

/** `POST /api/pinjaman/{id}/hapus-buku`: why (the institution's decision, for its auditor). */
export const hapusBukuCreateSchema = z.object({ alasan: textField(m.alasanWajib, 500, m.alasanMax) });
export type HapusBukuCreateInput = z.infer<typeof hapusBukuCreateSchema>;

/** What a write-off takes off the books: the principal and the margin still owed. */
const dihapusShape = { pokok: z.number(), margin: z.number() };

/**
 * What a write-off would take off the books today, and from the loan's position what the customer
 * still owes. A Mudharabah's profit share due and unpaid (`bagi_hasil_tertunggak`) is owed, never on
 * the books (PSAK 105), so not written off.
 */
export const hapusBukuRencanaSchema = loanPositionSchema
  .pick({ bagi_hasil_tertunggak: true, sisa_kewajiban: true })
  .extend(dihapusShape);

/** A write-off done: when, what it took off the books, why, who approved it, and what was recovered since. */
export const hapusBukuRiwayatSchema = z.object({
  tanggal: z.string(),
  ...dihapusShape,
  alasan: z.string().nullable(),
  disetujui_oleh: z.string().nullable(),
  pemulihan: z.number(),
});

export const hapusBukuInfoSchema = z.object({
  rencana: hapusBukuRencanaSchema.nullable(),
  /** Why it cannot be written off now (null when it can, or when it already was). */
  alasan: z.string().nullable(),
  menunggu: persetujuanSchema.nullable(),
  hapus_buku: hapusBukuRiwayatSchema.nullable(),
});
export type HapusBukuInfo = z.infer<typeof hapusBukuInfoSchema>;
