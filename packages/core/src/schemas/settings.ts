/** `GET`/`PUT /api/settings/kolektibilitas` (issue 23): the classification an institution applies. */
import { z } from './zod';
import { settingChangeShape } from './setting-change';
import { bandsProblem, kolektibilitasValues, type Kolektibilitas } from '../domain/kolektibilitas';
import {
  defaultNotifikasiTemplates,
  notifikasiEvents,
  notifikasiPlaceholders,
  templateProblem,
  type NotifikasiEvent,
} from '../domain/notifikasi';
import { defaultPengingatStages, liburNasional2026, pengingatPlaceholders } from '../domain/pengingat';
import { metodePengakuanMargin } from '../domain/margin';
import { isoDateError } from './fields';

/** A time of day `JJ:MM`, 00:00–23:59 (the recap's time, the reminders' window). */
const JAM = /^([01]\d|2[0-3]):[0-5]\d$/;

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
  ...settingChangeShape,
});
export type KolektibilitasSettingsResponse = z.infer<typeof kolektibilitasSettingsResponseSchema>;

// `GET`/`PUT /api/settings/notifikasi` (issue 24, part A): which events notify the recipients
// list, with which template, and when the daily recap goes out.

const notifikasiEventSchema = (event: NotifikasiEvent) =>
  z.object({
    aktif: z.boolean({ error: 'Pilihan aktif harus ya atau tidak' }),
    template: z.string({ error: 'Template wajib diisi' }).superRefine((template, ctx) => {
      const problem = templateProblem(template, notifikasiPlaceholders[event]);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });

/** The notification setting as stored and as the form sends it. */
export const notifikasiSettingSchema = z.object({
  events: z.object(
    Object.fromEntries(notifikasiEvents.map((e) => [e, notifikasiEventSchema(e)])) as {
      [E in NotifikasiEvent]: ReturnType<typeof notifikasiEventSchema>;
    },
    { error: 'Pengaturan setiap notifikasi wajib diisi' },
  ),
  jam_rekap: z
    .string({ error: 'Jam rekap harian wajib diisi' })
    .regex(JAM, { error: 'Jam rekap harian harus berformat JJ:MM, misalnya 17:00' }),
});
export type NotifikasiSetting = z.infer<typeof notifikasiSettingSchema>;

/** A new installation's notification setting: every event on, the shipped templates, recap at 17:00. */
export const defaultNotifikasiSetting: NotifikasiSetting = {
  events: Object.fromEntries(
    notifikasiEvents.map((e) => [e, { aktif: true, template: defaultNotifikasiTemplates[e] }]),
  ) as NotifikasiSetting['events'],
  jam_rekap: '17:00',
};

/** What `GET /api/settings/notifikasi` answers: the setting, the defaults, and real values for the preview. */
export const notifikasiSettingsResponseSchema = z.object({
  setting: notifikasiSettingSchema,
  bawaan: notifikasiSettingSchema,
  /** Per event, the values of the latest real record (null when there is none yet), for the live preview. */
  contoh: z.record(z.string(), z.record(z.string(), z.string()).nullable()),
  ...settingChangeShape,
});
export type NotifikasiSettingsResponse = z.infer<typeof notifikasiSettingsResponseSchema>;

// The reminder setting (issue 24, part B): stages with their templates, the sending window, the
// holidays, pacing and the daily cap. Read by the reminder planner and sender.

const jam = (field: string) =>
  z.string({ error: `${field} wajib diisi` }).regex(JAM, { error: `${field} harus berformat JJ:MM, misalnya 08:00` });

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} harus bilangan bulat ${min} sampai ${max}` })
    .int({ error: `${field} harus bilangan bulat ${min} sampai ${max}` })
    .min(min, { error: `${field} harus bilangan bulat ${min} sampai ${max}` })
    .max(max, { error: `${field} harus bilangan bulat ${min} sampai ${max}` });

const tahapSchema = z.object({
  hari: wholeNumber('Hari tahap', -30, 30),
  template: z.string({ error: 'Template wajib diisi' }).superRefine((template, ctx) => {
    const problem = templateProblem(template, pengingatPlaceholders);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

export const pengingatSettingSchema = z
  .object({
    aktif: z.boolean({ error: 'Pilihan aktif harus ya atau tidak' }),
    tahap: z
      .array(tahapSchema, { error: 'Tahap pengingat wajib diisi' })
      .min(1, { error: 'Paling sedikit satu tahap pengingat' })
      .max(6, { error: 'Paling banyak enam tahap pengingat' })
      .superRefine((tahap, ctx) => {
        const days = tahap.map((t) => t.hari);
        if (new Set(days).size !== days.length)
          ctx.addIssue({ code: 'custom', message: 'Dua tahap tidak boleh pada hari yang sama' });
      }),
    hari_kirim: z
      .array(wholeNumber('Hari kirim', 1, 7), { error: 'Hari kirim wajib diisi' })
      .min(1, { error: 'Pilih paling sedikit satu hari kirim' })
      .refine((days) => new Set(days).size === days.length, { error: 'Hari kirim tidak boleh berulang' }),
    mulai: jam('Jam mulai'),
    selesai: jam('Jam selesai'),
    libur: z
      .array(
        z.string({ error: 'Tanggal libur harus berformat YYYY-MM-DD' }).superRefine((value, ctx) => {
          const error = isoDateError(value);
          if (error) ctx.addIssue({ code: 'custom', message: error });
        }),
        { error: 'Daftar hari libur wajib diisi' },
      )
      .max(200, { error: 'Paling banyak 200 hari libur' })
      .refine((days) => new Set(days).size === days.length, { error: 'Tanggal libur tidak boleh berulang' }),
    jeda_detik: z
      .object({ min: wholeNumber('Jeda minimal', 5, 600), max: wholeNumber('Jeda maksimal', 5, 600) })
      .refine((j) => j.min <= j.max, { error: 'Jeda minimal tidak boleh lebih dari jeda maksimal', path: ['max'] }),
    batas_harian: wholeNumber('Batas harian', 1, 1000),
    batas_minggu_pertama: wholeNumber('Batas minggu pertama', 1, 1000),
  })
  .superRefine((s, ctx) => {
    if (s.mulai >= s.selesai) ctx.addIssue({ code: 'custom', path: ['selesai'], message: 'Jam selesai harus setelah jam mulai' });
    if (s.batas_minggu_pertama > s.batas_harian)
      ctx.addIssue({
        code: 'custom',
        path: ['batas_minggu_pertama'],
        message: 'Batas minggu pertama tidak boleh lebih dari batas harian',
      });
  });
export type PengingatSetting = z.infer<typeof pengingatSettingSchema>;

/**
 * A new installation's reminder setting: off until an administrator switches it on (messages to
 * customers are the institution's decision), H-3/H/H+1/H+7, Monday–Saturday 08:00–20:00 without
 * the national holidays (POJK 22/2023 Pasal 62), 20–45 s between two reminders, 200 a day and 50 a
 * day in the first week after a number is linked.
 */
export const defaultPengingatSetting: PengingatSetting = {
  aktif: false,
  tahap: defaultPengingatStages.map((t) => ({ ...t })),
  hari_kirim: [1, 2, 3, 4, 5, 6],
  mulai: '08:00',
  selesai: '20:00',
  libur: [...liburNasional2026],
  jeda_detik: { min: 20, max: 45 },
  batas_harian: 200,
  batas_minggu_pertama: 50,
};

/** What `GET /api/settings/pengingat` answers: the setting, the defaults, real values for the preview. */
export const pengingatSettingsResponseSchema = z.object({
  setting: pengingatSettingSchema,
  bawaan: pengingatSettingSchema,
  /** The values of a real loan's next instalment (null when there is no loan to remind yet), for the stages up to the due date. */
  contoh: z.record(z.string(), z.string()).nullable(),
  /** The values of a real loan in arrears (its oldest late instalment), for the stages after the due date. */
  contoh_tunggakan: z.record(z.string(), z.string()).nullable(),
  ...settingChangeShape,
});
export type PengingatSettingsResponse = z.infer<typeof pengingatSettingsResponseSchema>;

/** `GET /api/pinjaman/:id/pengingat`: the reminder a person would send by hand now, or why none can go. */
export const pengingatManualResponseSchema = z.object({
  nama: z.string(),
  /** The customer's WhatsApp number (62…), null when the telepon cannot be used. */
  nomor: z.string().nullable(),
  /** The stage the text starts from ("H-3", "H+7"), null when there is nothing to remind. */
  tahap: z.string().nullable(),
  /** The stage's template filled in; empty when nothing can be sent. */
  teks: z.string(),
  /** Why it cannot be sent now (opted out, no number, nothing owed, outside the window, not connected), or null. */
  alasan: z.string().nullable(),
});
export type PengingatManualResponse = z.infer<typeof pengingatManualResponseSchema>;

/** `POST /api/pinjaman/:id/pengingat`: the text as staff edited it. */
export const pengingatManualSchema = z.object({
  teks: z
    .string({ error: 'Teks pengingat wajib diisi' })
    .trim()
    .min(1, { error: 'Teks pengingat wajib diisi' })
    .max(1000, { error: 'Teks pengingat paling banyak 1.000 karakter' }),
});

/**
 * `GET`/`PUT /api/settings/pendapatan` (issue 26 A): how the institution recognises a Murabahah's
 * margin (DSN-MUI fatwa 84/DSN-MUI/XII/2012 allows either; proportional by default).
 */
export const pendapatanSettingSchema = z.object({
  metode_pengakuan_margin: z.enum(metodePengakuanMargin, { error: 'Metode pengakuan margin harus proporsional atau anuitas' }),
});
export type PendapatanSetting = z.infer<typeof pendapatanSettingSchema>;
export const defaultPendapatanSetting: PendapatanSetting = { metode_pengakuan_margin: 'proporsional' };

export const pendapatanSettingsResponseSchema = z.object({
  setting: pendapatanSettingSchema,
  ...settingChangeShape,
});
export type PendapatanSettingsResponse = z.infer<typeof pendapatanSettingsResponseSchema>;
