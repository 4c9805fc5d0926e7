/** `GET`/`PUT /api/settings/kolektibilitas` (issue 23): the classification an institution applies. */
import { z } from 'zod';
import { bandsProblem, kolektibilitasValues, type Kolektibilitas } from '../domain/kolektibilitas';

const kelas = z
  .number({ error: 'Golongan harus 1 sampai 5' })
  .int({ error: 'Golongan harus 1 sampai 5' })
  .min(1, { error: 'Golongan harus 1 sampai 5' })
  .max(5, { error: 'Golongan harus 1 sampai 5' })
  .transform((k) => k as Kolektibilitas);

const bandSchema = z.object({
  kelas,
  sampai_hari: z
    .number({ error: 'Batas hari harus bilangan bulat 0 atau lebih' })
    .int({ error: 'Batas hari harus bilangan bulat 0 atau lebih' })
    .min(0, { error: 'Batas hari harus bilangan bulat 0 atau lebih' })
    .max(36_500, { error: 'Batas hari paling banyak 36.500' })
    .nullable(),
});

const percent = z
  .number({ error: 'Persentase PPAP harus angka 0 sampai 100' })
  .min(0, { error: 'Persentase PPAP harus angka 0 sampai 100' })
  .max(100, { error: 'Persentase PPAP harus angka 0 sampai 100' })
  .refine((v) => Math.round(v * 100) === v * 100, { error: 'Persentase PPAP paling banyak dua angka desimal' });

/** The setting as stored and as the form sends it; the bands checked by core `bandsProblem`. */
export const kolektibilitasSettingSchema = z.object({
  bands: z
    .array(bandSchema, { error: 'Golongan kolektibilitas wajib diisi' })
    .max(5, { error: 'Paling banyak lima golongan' })
    .superRefine((bands, ctx) => {
      const problem = bandsProblem(bands as never);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  satu_nasabah_satu_kualitas: z.boolean({ error: 'Pilihan satu nasabah satu kualitas harus ya atau tidak' }),
  ppap_persen: z.object(
    Object.fromEntries(kolektibilitasValues.map((k) => [String(k), percent])) as Record<
      '1' | '2' | '3' | '4' | '5',
      typeof percent
    >,
    { error: 'Persentase PPAP wajib diisi untuk kelima golongan' },
  ),
});
export type KolektibilitasSettingInput = z.infer<typeof kolektibilitasSettingSchema>;

/** What `GET /api/settings/kolektibilitas` answers: the setting in force and the presets offered by name. */
export const kolektibilitasSettingsResponseSchema = z.object({
  setting: kolektibilitasSettingSchema,
  /** The preset the setting equals, if any. */
  preset: z.string().nullable(),
  presets: z.array(
    z.object({
      id: z.string(),
      nama: z.string(),
      sumber: z.string(),
      catatan: z.string().nullable(),
      setting: kolektibilitasSettingSchema,
    }),
  ),
  diubah_oleh: z.string().nullable(),
  diubah_pada: z.string().nullable(),
});
export type KolektibilitasSettingsResponse = z.infer<typeof kolektibilitasSettingsResponseSchema>;
