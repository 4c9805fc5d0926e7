import type { Kysely } from 'kysely';
import {
  bandsProblem,
  defaultKolektibilitasSetting,
  kolektibilitasPresets,
  presetOf,
  type KolektibilitasSetting,
  type KolektibilitasSettingInput,
  type KolektibilitasSettingsResponse,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { forgetSettings } from '../../db/settings-cache';
import { recordActivity } from '../activities/activity.service';
import * as repo from './settings.repository';

const KOLEKTIBILITAS = 'kolektibilitas';

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
  const [setting, row] = await Promise.all([getKolektibilitasSetting(db), repo.readSettingRow(db, KOLEKTIBILITAS)]);
  return {
    setting,
    preset: presetOf(setting),
    presets: kolektibilitasPresets,
    diubah_oleh: row ? (row.nama_lengkap ?? row.username ?? null) : null,
    diubah_pada: row ? new Date(row.updated_at).toISOString() : null,
  };
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
  await db.transaction().execute(async (trx) => {
    await repo.writeSetting(trx, KOLEKTIBILITAS, setting, userId);
    const preset = presetOf(setting);
    await recordActivity(trx, {
      type: 'pengaturan.kolektibilitas',
      description: `Pengaturan kolektibilitas diubah${preset ? ` (${kolektibilitasPresets.find((p) => p.id === preset)!.nama})` : ''}`,
      category: 'other',
      userId,
    });
  });
  // This process reads the new setting from now on (other processes when the notification
  // reaches them, a few milliseconds after the commit on PostgreSQL).
  forgetSettings(db);
  return kolektibilitasSettings(db);
}
