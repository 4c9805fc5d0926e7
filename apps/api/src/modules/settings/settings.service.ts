import type { Kysely } from 'kysely';
import { bandsProblem, defaultKolektibilitasSetting, type KolektibilitasSetting } from '@mizan/core';
import type { DB } from '../../db/schema';
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
