/** The approval workflow's bodies and answers (issue 27 A). */
import { z } from './zod';
import { pinjamanNasabahSchema, pinjamanSchema } from './pinjaman-response';
import { loanTermsShape } from './loan-figures';
import { settingChangeShape } from './setting-change';
import { jenisPersetujuan, persetujuanMessages as m, statusPersetujuan } from '../domain/persetujuan';
import { pageParamSchema } from './list-query';
import { approverRoles } from '../domain/roles';
import { optionalTextField, textField } from './fields';

/**
 * `GET`/`PUT /api/settings/persetujuan`: whether a new loan waits for approval (off by default:
 * the specification's flow, a new loan is `aktif`), and the khasm discount (as a percentage of the
 * margin still owed) above which an early settlement needs approval (issue 27 B).
 */
export const persetujuanSettingSchema = z.object({
  pinjaman_baru: z.boolean({ error: 'Pilihan persetujuan pinjaman baru harus ya atau tidak' }),
  batas_diskon_persen: z
    .number({ error: m.batasDiskon })
    .min(0, { error: m.batasDiskon })
    .max(100, { error: m.batasDiskon })
    .refine((v) => Math.round(v * 100) === v * 100, { error: 'Batas potongan paling banyak dua angka desimal' }),
});
export type PersetujuanSetting = z.infer<typeof persetujuanSettingSchema>;
export const defaultPersetujuanSetting: PersetujuanSetting = { pinjaman_baru: false, batas_diskon_persen: 10 };

export const persetujuanSettingsResponseSchema = z.object({
  setting: persetujuanSettingSchema,
  ...settingChangeShape,
});
export type PersetujuanSettingsResponse = z.infer<typeof persetujuanSettingsResponseSchema>;

/** `POST /api/persetujuan/{id}/setujui`: an optional note. */
export const persetujuanSetujuiSchema = z.object({ catatan: optionalTextField(500, m.catatanMax) });
/** `POST /api/persetujuan/{id}/tolak`: the reason, required. */
export const persetujuanTolakSchema = z.object({ catatan: textField(m.catatanWajib, 500, m.catatanMax) });
/** `POST /api/persetujuan/{id}/tarik`: the proposer withdraws a waiting request, with the reason (required). */
export const persetujuanTarikSchema = z.object({ catatan: textField(m.alasanTarikWajib, 500, m.catatanMax) });

/** `GET /api/persetujuan/pemutus?jenis=`: who could decide a request of this kind that the signed-in user sends. */
export const pemutusQuerySchema = z.object({ jenis: z.enum(jenisPersetujuan, { error: m.jenisInvalid }) });

/**
 * The people who could decide it (active administrators and managers other than the requester),
 * and, when there is none, why a request cannot be sent and what to do (`alasan`).
 */
export const pemutusSchema = z.object({
  jenis: z.enum(jenisPersetujuan),
  pemutus: z.array(z.object({ id: z.number(), nama: z.string(), role: z.enum(approverRoles) })),
  alasan: z.string().nullable(),
});
export type Pemutus = z.infer<typeof pemutusSchema>;

const orang = z.object({ id: z.number(), nama: z.string() });

/** One request as the queue, the history and a loan's page show it. */
export const persetujuanSchema = z.object({
  id: z.number(),
  jenis: z.enum(jenisPersetujuan),
  status: z.enum(statusPersetujuan),
  /** The loan with its akad's terms, and its customer. */
  pinjaman: pinjamanSchema
    .pick({ id: true, nomor_pinjaman: true, status: true })
    .extend({ ...loanTermsShape, nasabah: pinjamanNasabahSchema.pick({ id: true, nama: true }) }),
  /** What is proposed (a settlement's figures, a new schedule's terms); null for a new loan. */
  data: z.record(z.string(), z.unknown()).nullable(),
  diajukan_oleh: orang,
  diajukan_pada: z.string(),
  diputuskan_oleh: orang.nullable(),
  diputuskan_pada: z.string().nullable(),
  catatan: z.string().nullable(),
});
export type Persetujuan = z.infer<typeof persetujuanSchema>;

/** `GET /api/persetujuan` query: the waiting requests (default) or the decided ones, newest first. */
export const persetujuanListQuerySchema = z.object({
  status: z.enum(['menunggu', 'selesai'], { error: 'Status harus menunggu atau selesai' }).default('menunggu'),
  page: pageParamSchema,
});
/** Requests per page of the queue and the history. */
export const PERSETUJUAN_PER_PAGE = 50;
export type PersetujuanListQuery = z.infer<typeof persetujuanListQuerySchema>;
