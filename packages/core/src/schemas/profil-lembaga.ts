/**
 * Profil Lembaga (issue 25): the institution as its documents and its landing page show it.
 * Changed by an administrator at Lainnya → Profil Lembaga.
 */
import { z } from './zod';
import { settingChangeShape } from './setting-change';
import { optionalTextField, textField } from './fields';
import { detectKwitansiType } from './kwitansi';

/** The largest logo accepted: 1 MB. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** A logo's type from its first bytes (the receipt files' magic-number check): PNG or JPEG, else null. */
export function detectLogoType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const type = detectKwitansiType(bytes);
  return type === 'png' ? 'image/png' : type === 'jpg' ? 'image/jpeg' : null;
}

export const profilLembagaMessages = {
  namaRequired: 'Nama lembaga wajib diisi',
  namaMax: 'Nama lembaga maksimal 120 karakter',
  alamatMax: 'Alamat maksimal 300 karakter',
  teleponMax: 'Telepon maksimal 30 karakter',
  teleponInvalid: 'Telepon hanya boleh berisi angka, spasi, +, -, ( dan )',
  emailMax: 'Email maksimal 120 karakter',
  emailInvalid: 'Format email tidak valid',
  catatanMax: 'Catatan kwitansi maksimal 300 karakter',
  logoRequired: 'Pilih file logo (PNG atau JPEG)',
  logoType: 'Logo harus berupa gambar PNG atau JPEG',
  logoTooLarge: 'Ukuran logo maksimal 1 MB',
} as const;
const m = profilLembagaMessages;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const profilLembagaSchema = z.object({
  nama: textField(m.namaRequired, 120, m.namaMax),
  alamat: optionalTextField(300, m.alamatMax),
  telepon: optionalTextField(30, m.teleponMax).refine((v) => v === null || /^[0-9+()\- ]+$/.test(v), m.teleponInvalid),
  email: optionalTextField(120, m.emailMax).refine((v) => v === null || EMAIL.test(v), m.emailInvalid),
  /** The line at the foot of every receipt; empty: the shipped one. */
  catatan_kwitansi: optionalTextField(300, m.catatanMax),
});
export type ProfilLembagaInput = z.input<typeof profilLembagaSchema>;
export type ProfilLembaga = z.output<typeof profilLembagaSchema>;

/** The institution's name and contacts, as its profile and its documents' header show them. */
export const kontakLembagaSchema = z.object({
  nama: z.string(),
  alamat: z.string().nullable(),
  telepon: z.string().nullable(),
  email: z.string().nullable(),
});

/** `GET`/`PUT /api/settings/profil-lembaga`: the profile, its logo's state, who changed it last. */
export const profilLembagaResponseSchema = z.object({
  profil: kontakLembagaSchema.extend({ catatan_kwitansi: z.string().nullable() }),
  /** The logo's public address with its version (changes when the logo does), or null. */
  logo_url: z.string().nullable(),
  ...settingChangeShape,
});
export type ProfilLembagaResponse = z.infer<typeof profilLembagaResponseSchema>;
