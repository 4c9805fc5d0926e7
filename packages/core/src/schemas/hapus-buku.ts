/** Write-off's body and answers (issue 47): `GET` and `POST /api/pinjaman/{id}/hapus-buku`. */
import { z } from './zod';
import { hapusBukuMessages as m } from '../domain/hapus-buku';
import { textField } from './fields';
import { persetujuanSchema } from './persetujuan';

/** `POST /api/pinjaman/{id}/hapus-buku`: why (the institution's decision, for its auditor). */
export const hapusBukuCreateSchema = z.object({ alasan: textField(m.alasanWajib, 500, m.alasanMax) });
export type HapusBukuCreateInput = z.infer<typeof hapusBukuCreateSchema>;

/** What a write-off would take off the books today: what the customer still owes. */
export const hapusBukuRencanaSchema = z.object({
  pokok: z.number(),
  margin: z.number(),
  /** A Mudharabah's profit share due and unpaid: owed, never on the books (PSAK 105), so not written off. */
  bagi_hasil_tertunggak: z.number(),
  sisa_kewajiban: z.number(),
});

/** A write-off done: when, what it took off the books, why, who approved it, and what was recovered since. */
export const hapusBukuRiwayatSchema = z.object({
  tanggal: z.string(),
  pokok: z.number(),
  margin: z.number(),
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
