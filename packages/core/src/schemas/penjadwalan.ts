/** Rescheduling's body and answers (issue 27 D). */
import { z } from './zod';
import { penjadwalanLimits, penjadwalanMessages as m } from '../domain/penjadwalan';
import { optionalTextField } from './fields';
import { persetujuanSchema } from './persetujuan';

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** A whole number from a query string: digits only ("1e3", "true" and the like are refused). */
const queryWhole = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value),
    whole(message, min, max),
  );

/** `POST /api/pinjaman/{id}/penjadwalan`: new months, grace months, the reason. */
export const penjadwalanCreateSchema = z.object({
  durasi: whole(m.durasi, 1, penjadwalanLimits.durasiMax),
  tenggang: whole(m.tenggang, 0, penjadwalanLimits.tenggangMax).default(0),
  alasan: optionalTextField(500, 'Alasan paling banyak 500 karakter'),
});
export type PenjadwalanCreateInput = z.infer<typeof penjadwalanCreateSchema>;
/** The preview's query: the same numbers, as text. */
export const penjadwalanPreviewQuerySchema = z.object({
  durasi: queryWhole(m.durasi, 1, penjadwalanLimits.durasiMax),
  tenggang: queryWhole(m.tenggang, 0, penjadwalanLimits.tenggangMax).default(0),
});

const line = z.object({ jatuh_tempo: z.string(), pokok: z.number(), margin: z.number() });

export const penjadwalanPlanSchema = z.object({
  tanggal: z.string(),
  jadwal_lama: z.array(line),
  jadwal: z.array(line),
  riwayat: z.number(),
  sisa_pokok: z.number(),
  sisa_margin: z.number(),
  sisa_kewajiban: z.number(),
  angsuran_baru: z.number(),
  jatuh_tempo_pertama: z.string(),
  durasi: z.number(),
  tenggang: z.number(),
});

/** One rescheduling done, for the loan's history. */
export const penjadwalanRiwayatSchema = z.object({
  id: z.number(),
  tanggal: z.string(),
  durasi: z.number(),
  tenggang: z.number(),
  sisa_kewajiban: z.number(),
  jadwal_lama: z.array(line),
  jadwal_baru: z.array(line),
  disetujui_oleh: z.string().nullable(),
});

/** `GET /api/pinjaman/{id}/penjadwalan?durasi=&tenggang=`: the plan (null when it cannot be rescheduled, with why), the waiting request, the history. */
export const penjadwalanInfoSchema = z.object({
  rencana: penjadwalanPlanSchema.nullable(),
  alasan: z.string().nullable(),
  menunggu: persetujuanSchema.nullable(),
  riwayat: z.array(penjadwalanRiwayatSchema),
});
export type PenjadwalanInfo = z.infer<typeof penjadwalanInfoSchema>;
