import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  detectLogoType,
  LOGO_MAX_BYTES,
  profilLembagaMessages,
  profilLembagaSchema,
  type KopDokumen,
  type ProfilLembaga,
  type ProfilLembagaResponse,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { forgetSettings, readRemembered } from '../../db/settings-cache';
import { tooLarge, unsupportedType, validationFailed } from '../../lib/errors';
import { recordActivity } from '../activities/activity.service';
import { readStoredSetting, settingChange, storeSetting } from '../settings/settings.service';
import * as repo from './profil-lembaga.repository';

const KEY = 'profil_lembaga';

/** The profile in force with its logo's state: the stored one, else the name from INSTITUTION_NAME and nothing else. */
export interface ProfilBerlaku extends ProfilLembaga {
  logo: { mime: string; versi: string } | null;
}

export function getProfil(db: Kysely<DB>, defaultName: string): Promise<ProfilBerlaku> {
  return readRemembered(db, `${KEY}#berlaku`, async () => {
    const fallback: ProfilBerlaku = {
      nama: defaultName,
      alamat: null,
      telepon: null,
      email: null,
      catatan_kwitansi: null,
      logo: null,
    };
    const stored = (await readStoredSetting(db, KEY)) as Partial<ProfilBerlaku> | undefined;
    if (!stored || typeof stored !== 'object') return fallback;
    const parsed = profilLembagaSchema.safeParse({ ...fallback, ...stored });
    const logo =
      stored.logo && typeof stored.logo.mime === 'string' && typeof stored.logo.versi === 'string' ? stored.logo : null;
    return parsed.success ? { ...parsed.data, logo } : { ...fallback, logo };
  });
}

/** The logo's public address, its version in the query so that a new logo is never served from a cache. */
export const logoUrl = (profil: ProfilBerlaku) => (profil.logo ? `/api/profil-lembaga/logo?v=${profil.logo.versi}` : null);

export async function profilResponse(db: Kysely<DB>, defaultName: string): Promise<ProfilLembagaResponse> {
  const [profil, change] = await Promise.all([getProfil(db, defaultName), settingChange(db, KEY)]);
  const { logo: _logo, ...fields } = profil;
  return { profil: fields, logo_url: logoUrl(profil), ...change };
}

/** `PUT /api/settings/profil-lembaga` (admin): stores the fields (the logo stays), logged, in one transaction. */
export async function saveProfil(db: Kysely<DB>, defaultName: string, input: ProfilLembaga, userId: number) {
  const current = await getProfil(db, defaultName);
  await db.transaction().execute(async (trx) => {
    await storeSetting(trx, KEY, { ...input, logo: current.logo }, userId);
    await recordActivity(trx, {
      type: 'pengaturan.profil_lembaga',
      description: `Profil lembaga diubah (${input.nama})`,
      category: 'other',
      userId,
    });
  });
  forgetSettings(db);
}

/**
 * `PUT /api/settings/profil-lembaga/logo` (admin): a PNG or JPEG of at most 1 MB, checked by its
 * first bytes (415 otherwise; 413 when larger; 400 when empty). The image and the profile's new
 * logo version change together.
 */
export async function saveLogo(db: Kysely<DB>, defaultName: string, data: Buffer, userId: number) {
  if (data.length === 0)
    throw validationFailed([{ path: 'logo', msg: profilLembagaMessages.logoRequired }], profilLembagaMessages.logoRequired);
  if (data.length > LOGO_MAX_BYTES) throw tooLarge(profilLembagaMessages.logoTooLarge);
  const mime = detectLogoType(data);
  if (!mime) throw unsupportedType(profilLembagaMessages.logoType);
  const current = await getProfil(db, defaultName);
  const { logo: _logo, ...fields } = current;
  const versi = crypto.createHash('sha256').update(data).digest('hex').slice(0, 12);
  await db.transaction().execute(async (trx) => {
    await repo.writeLogo(trx, mime, data);
    await storeSetting(trx, KEY, { ...fields, logo: { mime, versi } }, userId);
    await recordActivity(trx, {
      type: 'pengaturan.profil_lembaga',
      description: 'Logo lembaga diganti',
      category: 'other',
      userId,
    });
  });
  forgetSettings(db);
}

/** `DELETE /api/settings/profil-lembaga/logo` (admin): documents and the landing page go without a logo. */
export async function removeLogo(db: Kysely<DB>, defaultName: string, userId: number) {
  const current = await getProfil(db, defaultName);
  const { logo: _logo, ...fields } = current;
  await db.transaction().execute(async (trx) => {
    await repo.deleteLogo(trx);
    await storeSetting(trx, KEY, { ...fields, logo: null }, userId);
    await recordActivity(trx, {
      type: 'pengaturan.profil_lembaga',
      description: 'Logo lembaga dihapus',
      category: 'other',
      userId,
    });
  });
  forgetSettings(db);
}

/** The logo's bytes, remembered until the profile changes; null when none is set. */
export async function logoImage(
  db: Kysely<DB>,
  defaultName: string,
): Promise<{ mime: string; data: Buffer; versi: string } | null> {
  const profil = await getProfil(db, defaultName);
  if (!profil.logo) return null;
  const versi = profil.logo.versi;
  return readRemembered(db, `${KEY}#logo`, async () => {
    const row = await repo.readLogo(db);
    return row ? { mime: row.mime, data: Buffer.from(row.data), versi } : null;
  });
}

/** The institution on the documents: the profile's header, the receipt's footer and the logo. */
export async function lembagaForDocuments(db: Kysely<DB>, defaultName: string) {
  const profil = await getProfil(db, defaultName);
  const logo = await logoImage(db, defaultName);
  const kop: KopDokumen = {
    nama: profil.nama,
    alamat: profil.alamat,
    telepon: profil.telepon,
    email: profil.email,
    logo: logo !== null,
  };
  return { kop, catatan_kwitansi: profil.catatan_kwitansi, logo: logo?.data ?? null };
}
