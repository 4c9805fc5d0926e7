/** Ta'zir, ta'widh and the Dana Kebajikan: settings, bodies and answers (issue 27 C). */
import { z } from './zod';
import { settingChangeShape } from './setting-change';
import { statusTazir, tazirMessages as m } from '../domain/tazir';
import { dateField, optionalTextField, textField } from './fields';
import { MAX_RUPIAH } from '../domain/money';
import { optionalIdParam, pageParamSchema } from './list-query';

const rupiah = (field: string) =>
  z
    .number({ error: `${field} harus angka` })
    .int({ error: `${field} harus bilangan bulat rupiah` })
    .min(1, { error: `${field} harus lebih dari 0` })
    .max(MAX_RUPIAH, { error: `${field} terlalu besar` });

/**
 * `GET`/`PUT /api/settings/tazir`: whether new loans carry a ta'zir in their akad, its amount per
 * instalment paid late and the grace in days. Off by default; a change never reaches existing loans.
 */
export const tazirSettingSchema = z.object({
  aktif: z.boolean({ error: 'Pilihan ta’zir harus ya atau tidak' }),
  jumlah: rupiah('Jumlah ta’zir').max(10_000_000, { error: 'Jumlah ta’zir paling banyak Rp 10.000.000' }),
  tenggang_hari: z
    .number({ error: 'Masa tenggang harus bilangan bulat 0 sampai 90' })
    .int({ error: 'Masa tenggang harus bilangan bulat 0 sampai 90' })
    .min(0, { error: 'Masa tenggang harus bilangan bulat 0 sampai 90' })
    .max(90, { error: 'Masa tenggang harus bilangan bulat 0 sampai 90' }),
});
export type TazirSetting = z.infer<typeof tazirSettingSchema>;
export const defaultTazirSetting: TazirSetting = { aktif: false, jumlah: 50_000, tenggang_hari: 7 };
export const tazirSettingsResponseSchema = z.object({
  setting: tazirSettingSchema,
  ...settingChangeShape,
});
export type TazirSettingsResponse = z.infer<typeof tazirSettingsResponseSchema>;

/** One ta'zir as the lists and a loan's page show it. */
export const tazirSchema = z.object({
  id: z.number(),
  pinjaman: z.object({ id: z.number(), nomor_pinjaman: z.string(), nasabah: z.object({ id: z.number(), nama: z.string() }) }),
  angsuran_ke: z.number(),
  jatuh_tempo: z.string(),
  tanggal_lunas: z.string(),
  hari_terlambat: z.number(),
  jumlah: z.number(),
  status: z.enum(statusTazir),
  catatan: z.string().nullable(),
  diputuskan_oleh: z.string().nullable(),
  diputuskan_pada: z.string().nullable(),
  tanggal_terima: z.string().nullable(),
});
export type Tazir = z.infer<typeof tazirSchema>;

export const tazirListQuerySchema = z.object({
  status: z.enum(statusTazir, { error: 'Status ta’zir tidak dikenal' }).optional(),
  pinjaman_id: optionalIdParam(),
  page: pageParamSchema,
});
export type TazirListQuery = z.infer<typeof tazirListQuerySchema>;
export const TAZIR_PER_PAGE = 50;

/** `POST /api/tazir/{id}/tetapkan`: the basis (the customer was able and delayed); collected now or later. */
export const tazirTetapkanSchema = z.object({
  catatan: textField(m.catatanWajib, 500, 'Catatan paling banyak 500 karakter'),
  diterima: z.boolean({ error: 'Pilihan diterima harus ya atau tidak' }).default(false),
  tanggal_terima: dateField('Tanggal terima wajib diisi')
    .nullish()
    .transform((v) => v ?? null),
});
/** `POST /api/tazir/{id}/terima`: the day the customer paid it. */
export const tazirTerimaSchema = z.object({ tanggal_terima: dateField('Tanggal terima wajib diisi') });
/** `POST /api/tazir/{id}/bebaskan`: why (never for force majeure a ta'zir is charged). */
export const tazirBebaskanSchema = z.object({
  catatan: textField(m.alasanWajib, 500, 'Alasan paling banyak 500 karakter'),
});

/** `POST /api/dana-kebajikan`: a disbursement to charity (admin). */
export const danaKebajikanKeluarSchema = z.object({
  tanggal: dateField('Tanggal wajib diisi'),
  jumlah: rupiah('Jumlah'),
  tujuan: textField(m.tujuanWajib, 200, 'Tujuan paling banyak 200 karakter'),
  penerima: textField(m.penerimaWajib, 200, 'Penerima paling banyak 200 karakter'),
  keterangan: optionalTextField(1000, 'Keterangan maksimal 1000 karakter'),
});
export type DanaKebajikanKeluarInput = z.infer<typeof danaKebajikanKeluarSchema>;

export const danaKebajikanEntrySchema = z.object({
  id: z.number(),
  tanggal: z.string(),
  arah: z.enum(['masuk', 'keluar']),
  jumlah: z.number(),
  /** For a ta'zir collected: its loan and customer. */
  sumber: z.string().nullable(),
  tujuan: z.string().nullable(),
  penerima: z.string().nullable(),
  keterangan: z.string().nullable(),
  dicatat_oleh: z.string().nullable(),
});
export type DanaKebajikanEntry = z.infer<typeof danaKebajikanEntrySchema>;

export const danaKebajikanSchema = z.object({
  saldo: z.number(),
  total_masuk: z.number(),
  total_keluar: z.number(),
  entri: z.array(danaKebajikanEntrySchema),
});
export type DanaKebajikan = z.infer<typeof danaKebajikanSchema>;

/** `POST /api/pinjaman/{id}/tawidh` fields (multipart with the evidence file `bukti`). */
export const tawidhCreateSchema = z.object({
  tanggal: dateField('Tanggal wajib diisi'),
  jumlah: z.coerce.number({ error: 'Jumlah harus angka' }).pipe(rupiah('Jumlah')),
  uraian: textField(m.uraianWajib, 500, 'Uraian paling banyak 500 karakter'),
});
export const tawidhSchema = z.object({
  id: z.number(),
  tanggal: z.string(),
  jumlah: z.number(),
  uraian: z.string(),
  bukti_url: z.string(),
  dicatat_oleh: z.string().nullable(),
});
export type Tawidh = z.infer<typeof tawidhSchema>;
