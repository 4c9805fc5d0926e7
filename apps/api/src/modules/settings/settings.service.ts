import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  bandsProblem,
  defaultKolektibilitasSetting,
  kolektibilitasPresets,
  presetOf,
  type KolektibilitasSetting,
  type KolektibilitasSettingInput,
  type KolektibilitasSettingsResponse,
  defaultNotifikasiSetting,
  notifikasiEvents,
  notifikasiSettingSchema,
  type NotifikasiSetting,
  defaultPengingatSetting,
  pengingatSettingSchema,
  type PengingatSetting,
  defaultPendapatanSetting,
  defaultPersetujuanSetting,
  defaultTazirSetting,
  tazirSettingSchema,
  type TazirSetting,
  type TazirSettingsResponse,
  formatPercent,
  formatRupiah,
  persetujuanSettingSchema,
  type PersetujuanSetting,
  type PersetujuanSettingsResponse,
  metodePengakuanMarginLabels,
  pendapatanSettingSchema,
  type PendapatanSetting,
  type PendapatanSettingsResponse,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { forgetSettings, readRemembered } from '../../db/settings-cache';
import { recordActivity } from '../activities/activity.service';
import * as repo from './settings.repository';

const KOLEKTIBILITAS = 'kolektibilitas';
const NOTIFIKASI = 'notifikasi';
const PENGINGAT = 'pengingat';

/**
 * The kolektibilitas setting in force: the stored one when it is usable, else OJK's bank classes
 * (core `defaultKolektibilitasSetting`).
 */
export async function getKolektibilitasSetting(db: Kysely<DB>): Promise<KolektibilitasSetting> {
  const stored = (await repo.readSetting(db, KOLEKTIBILITAS)) as KolektibilitasSetting | undefined;
  if (!stored || !Array.isArray(stored.bands) || bandsProblem(stored.bands) !== null) return defaultKolektibilitasSetting;
  return { ...defaultKolektibilitasSetting, ...stored };
}

/** `GET /api/settings/kolektibilitas`: the setting in force, the preset it equals, the presets, who changed it. */
export async function kolektibilitasSettings(db: Kysely<DB>): Promise<KolektibilitasSettingsResponse> {
  const [setting, change] = await Promise.all([getKolektibilitasSetting(db), settingChange(db, KOLEKTIBILITAS)]);
  return { setting, preset: presetOf(setting), presets: kolektibilitasPresets, ...change };
}

/**
 * `PUT /api/settings/kolektibilitas` (admin): stores the setting and logs who changed it, in one
 * transaction. The caller then classifies every loan again (the daily job for today).
 */
export async function saveKolektibilitasSetting(
  db: Kysely<DB>,
  input: KolektibilitasSettingInput,
  userId: number,
): Promise<KolektibilitasSettingsResponse> {
  const setting: KolektibilitasSetting = {
    bands: input.bands,
    satu_nasabah_satu_kualitas: input.satu_nasabah_satu_kualitas,
    ppap_persen: input.ppap_persen,
  };
  const preset = presetOf(setting);
  await saveSetting(db, KOLEKTIBILITAS, setting, userId, {
    description: `Pengaturan kolektibilitas diubah${preset ? ` (${kolektibilitasPresets.find((p) => p.id === preset)!.nama})` : ''}`,
  });
  return kolektibilitasSettings(db);
}

/**
 * What the batch jobs classify and split loans by: the kolektibilitas bands in force and the
 * margin recognition method (the arrears split into principal and margin as the institution
 * recognises margin, issue 47).
 */
export async function ledgerRules(db: Kysely<DB>) {
  const [{ bands }, { metode_pengakuan_margin: metode }] = await Promise.all([
    getKolektibilitasSetting(db),
    getPendapatanSetting(db),
  ]);
  return { bands, metode };
}

/**
 * The WhatsApp notification setting in force (issue 24): the stored one when it is usable, else
 * core `defaultNotifikasiSetting` (every event on, the shipped templates, recap at 17:00). An event
 * the stored value lacks (added by a later version) takes its default.
 */
export function getNotifikasiSetting(db: Kysely<DB>): Promise<NotifikasiSetting> {
  // Every payment reads it: remembered parsed (its templates checked once), not only as stored.
  return readRemembered(db, `${NOTIFIKASI}#berlaku`, async () => {
    const stored = await repo.readSetting(db, NOTIFIKASI);
    if (!stored || typeof stored !== 'object') return defaultNotifikasiSetting;
    const merged = {
      ...defaultNotifikasiSetting,
      ...(stored as object),
      events: { ...defaultNotifikasiSetting.events, ...((stored as { events?: object }).events ?? {}) },
    };
    const parsed = notifikasiSettingSchema.safeParse(merged);
    return parsed.success ? parsed.data : defaultNotifikasiSetting;
  });
}

/** Who changed the notification setting last, and when. */
export function notifikasiSettingChange(db: Kysely<DB>) {
  return settingChange(db, NOTIFIKASI);
}

/** `PUT /api/settings/notifikasi` (admin): stores the setting and logs who changed it, in one transaction. */
export async function saveNotifikasiSetting(db: Kysely<DB>, setting: NotifikasiSetting, userId: number) {
  const on = notifikasiEvents.filter((e) => setting.events[e].aktif).length;
  await saveSetting(db, NOTIFIKASI, setting, userId, {
    description: `Pengaturan notifikasi WhatsApp diubah (${on} dari ${notifikasiEvents.length} notifikasi aktif)`,
  });
}

/**
 * The reminder setting in force (issue 24, part B): the stored one when it is usable, else core
 * `defaultPengingatSetting` (off). Remembered parsed until a setting changes.
 */
export function getPengingatSetting(db: Kysely<DB>): Promise<PengingatSetting> {
  return readRemembered(db, `${PENGINGAT}#berlaku`, async () => {
    const stored = await repo.readSetting(db, PENGINGAT);
    if (!stored || typeof stored !== 'object') return defaultPengingatSetting;
    const parsed = pengingatSettingSchema.safeParse({ ...defaultPengingatSetting, ...(stored as object) });
    return parsed.success ? parsed.data : defaultPengingatSetting;
  });
}

/** Who changed the reminder setting last, and when. */
export function pengingatSettingChange(db: Kysely<DB>) {
  return settingChange(db, PENGINGAT);
}

/** `PUT /api/settings/pengingat` (admin): stores the setting and logs who changed it, in one transaction. */
export async function savePengingatSetting(db: Kysely<DB>, setting: PengingatSetting, userId: number) {
  await saveSetting(db, PENGINGAT, setting, userId, {
    description: setting.aktif
      ? `Pengaturan pengingat WhatsApp diubah: aktif, ${setting.tahap.length} tahap`
      : 'Pengaturan pengingat WhatsApp diubah: pengingat dimatikan',
  });
}

/**
 * Stores a setting and logs who changed it (activity `pengaturan.<key>`), in one transaction with
 * `alsoInside` (run after the write). This process reads the new setting from now on (other
 * processes when the notification reaches them, a few milliseconds after the commit on PostgreSQL).
 */
async function saveSetting(
  db: Kysely<DB>,
  key: string,
  setting: unknown,
  userId: number,
  change: { description: string; alsoInside?: (trx: Kysely<DB>) => Promise<unknown> },
) {
  await db.transaction().execute(async (trx) => {
    await repo.writeSetting(trx, key, setting, userId);
    await change.alsoInside?.(trx);
    await recordActivity(trx, { type: `pengaturan.${key}`, description: change.description, category: 'other', userId });
  });
  forgetSettings(db);
}

/** A stored setting's value, remembered until a setting changes; undefined when it was never set. */
export const readStoredSetting = repo.readSetting;

/** Stores a setting (JSON) with the user who changed it; inside the caller's transaction. */
export const storeSetting = repo.writeSetting;

/** Who changed a setting last, and when (nulls when it was never set). */
export async function settingChange(db: Kysely<DB>, key: string) {
  const row = await repo.readSettingRow(db, key);
  return {
    diubah_oleh: row ? (row.nama_lengkap ?? row.username ?? null) : null,
    diubah_pada: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/**
 * A setting read through its core schema: the stored value when it parses, else `fallback`.
 * `withChange` adds who changed it last (its `GET /api/settings/…` answer); `save` stores it and
 * logs who changed it, in one transaction, and answers as `withChange` does.
 */
function schemaSetting<T>(key: string, schema: z.ZodType<T>, fallback: T) {
  const get = async (db: Kysely<DB>): Promise<T> => {
    const parsed = schema.safeParse(await repo.readSetting(db, key));
    return parsed.success ? parsed.data : fallback;
  };
  const withChange = async (db: Kysely<DB>) => {
    const [setting, change] = await Promise.all([get(db), settingChange(db, key)]);
    return { setting, ...change };
  };
  const save = async (db: Kysely<DB>, setting: T, userId: number, change: Parameters<typeof saveSetting>[4]) => {
    await saveSetting(db, key, setting, userId, change);
    return withChange(db);
  };
  return { get, withChange, save };
}

const pendapatan = schemaSetting('pendapatan', pendapatanSettingSchema, defaultPendapatanSetting);

/** How the institution recognises a Murabahah's margin (issue 26 A): the stored choice, else proportional. */
export const getPendapatanSetting: (db: Kysely<DB>) => Promise<PendapatanSetting> = pendapatan.get;

/** `GET /api/settings/pendapatan`: the method in force and who changed it last. */
export const pendapatanSettings: (db: Kysely<DB>) => Promise<PendapatanSettingsResponse> = pendapatan.withChange;

/**
 * `PUT /api/settings/pendapatan` (admin): stores the method and logs who changed it, in one
 * transaction with `alsoInside`: the loans' stored balances split under the new method (the
 * method decides how much of what was paid is margin, so how much principal is left).
 */
export function savePendapatanSetting(
  db: Kysely<DB>,
  setting: PendapatanSetting,
  userId: number,
  alsoInside: (trx: Kysely<DB>) => Promise<unknown>,
): Promise<PendapatanSettingsResponse> {
  return pendapatan.save(db, setting, userId, {
    description: `Metode pengakuan margin murabahah diubah menjadi ${metodePengakuanMarginLabels[setting.metode_pengakuan_margin].toLowerCase()}`,
    alsoInside,
  });
}

const persetujuan = schemaSetting('persetujuan', persetujuanSettingSchema, defaultPersetujuanSetting);

/** Whether new loans wait for approval and the khasm limit (issue 27): the stored choice, else off and 10 %. */
export const getPersetujuanSetting: (db: Kysely<DB>) => Promise<PersetujuanSetting> = persetujuan.get;

/** `GET /api/settings/persetujuan`: the setting in force and who changed it last. */
export const persetujuanSettings: (db: Kysely<DB>) => Promise<PersetujuanSettingsResponse> = persetujuan.withChange;

/** `PUT /api/settings/persetujuan` (admin): stores the setting and logs who changed it, in one transaction. */
export function savePersetujuanSetting(
  db: Kysely<DB>,
  setting: PersetujuanSetting,
  userId: number,
): Promise<PersetujuanSettingsResponse> {
  return persetujuan.save(db, setting, userId, {
    description: `Pengaturan persetujuan diubah: pinjaman baru ${setting.pinjaman_baru ? 'menunggu persetujuan' : 'langsung aktif'}, potongan pelunasan di atas ${formatPercent(setting.batas_diskon_persen)} dari sisa margin perlu persetujuan`,
  });
}

const tazir = schemaSetting('tazir', tazirSettingSchema, defaultTazirSetting);

/** Whether new loans carry a ta'zir in their akad (issue 27 C): the stored choice, else off. */
export const getTazirSetting: (db: Kysely<DB>) => Promise<TazirSetting> = tazir.get;

/** `GET /api/settings/tazir`. */
export const tazirSettings: (db: Kysely<DB>) => Promise<TazirSettingsResponse> = tazir.withChange;

/** `PUT /api/settings/tazir` (admin): for loans created from now on; existing loans keep their akad. */
export function saveTazirSetting(db: Kysely<DB>, setting: TazirSetting, userId: number): Promise<TazirSettingsResponse> {
  return tazir.save(db, setting, userId, {
    description: setting.aktif
      ? `Pengaturan ta’zir diubah: ${formatRupiah(setting.jumlah)} per angsuran yang terlambat lebih dari ${setting.tenggang_hari} hari, untuk akad baru`
      : 'Pengaturan ta’zir diubah: akad baru tanpa ta’zir',
  });
}
