/**
 * The books as the API answers them (issue 48): the chart of accounts, a loan's journals and the
 * trial balance (Neraca Saldo). Amounts are whole rupiah.
 */
import { z } from './zod';
import { kelompokAkun, peranAkun, sumberJurnal } from '../domain/jurnal';
import { jenisMutasi } from '../domain/mutasi';
import { optionalDateField } from './fields';
import { messages } from '../messages';

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const akunSchema = z.object({
  id: z.number(),
  kode: z.string(),
  nama: z.string(),
  kelompok: z.enum(kelompokAkun),
  saldo_normal: z.enum(['debit', 'kredit']),
  aktif: z.boolean(),
  /** Holds cash or a bank account of the institution: money is received into or paid from it. */
  kas_bank: z.boolean(),
  /** A journal line, a payment or a loan names it: its code, group and normal balance stay, it cannot be deleted. */
  terpakai: z.boolean(),
  /** The posting roles of the money events this account takes. */
  peran: z.array(z.enum(peranAkun)),
});
export type Akun = z.infer<typeof akunSchema>;
export const akunListSchema = z.array(akunSchema);

/**
 * An active cash or bank account money can be received into or paid from (issue 48), as the
 * payment, settlement and loan forms offer them; `tunai` marks the one cash (the role `kas`) goes to.
 */
export const akunKasSchema = z.object({ id: z.number(), kode: z.string(), nama: z.string(), tunai: z.boolean() });
export type AkunKas = z.infer<typeof akunKasSchema>;
export const akunKasListSchema = z.array(akunKasSchema);

export const barisJurnalSchema = z.object({
  akun_id: z.number(),
  kode: z.string(),
  nama: z.string(),
  debit: z.number(),
  kredit: z.number(),
});

export const jurnalSchema = z.object({
  id: z.number(),
  /** The journal's number as staff read it: `JU-` and its id, six digits. */
  nomor: z.string(),
  tanggal: z.string(),
  sumber: z.enum(sumberJurnal),
  /** For a money event's journal: the event and its kind. */
  mutasi_id: z.number().nullable(),
  jenis_mutasi: z.enum(jenisMutasi).nullable(),
  pinjaman_id: z.number().nullable(),
  pembayaran_id: z.number().nullable(),
  /** A reversing journal: the journal it reverses. */
  membalik_id: z.number().nullable(),
  baris: z.array(barisJurnalSchema),
});
export type Jurnal = z.infer<typeof jurnalSchema>;
export const jurnalListSchema = z.array(jurnalSchema);

/** `GET /api/akuntansi/neraca-saldo`: `tanggal` (default today). */
export const neracaSaldoQuerySchema = z.object({ tanggal: z.preprocess(blank, optionalDateField()) });
export type NeracaSaldoQuery = z.infer<typeof neracaSaldoQuerySchema>;

/**
 * The trial balance as of a date: each account with any posting up to it, its balance on the
 * debit or the credit side (debits less credits, on the side it falls), and the two totals, which
 * are equal.
 */
export const neracaSaldoSchema = z.object({
  tanggal: z.string(),
  baris: z.array(
    akunSchema.pick({ kode: true, nama: true, kelompok: true, saldo_normal: true }).extend({
      akun_id: z.number(),
      debit: z.number(),
      kredit: z.number(),
    }),
  ),
  total_debit: z.number(),
  total_kredit: z.number(),
  seimbang: z.boolean(),
});
export type NeracaSaldo = z.infer<typeof neracaSaldoSchema>;

/** Account codes: digits, optionally grouped by dots (1101, 1102.01), 1–20 characters. */
export const KODE_AKUN = /^\d+(\.\d+)*$/;

const m = messages.akuntansi;

/** `POST /api/akuntansi/akun` (admin, manajer): a new account of the chart. */
export const akunCreateSchema = z.object({
  kode: z
    .string({ error: m.kodeRequired })
    .trim()
    .min(1, { error: m.kodeRequired })
    .max(20, { error: m.kodeInvalid })
    .regex(KODE_AKUN, { error: m.kodeInvalid }),
  nama: z.string({ error: m.namaRequired }).trim().min(1, { error: m.namaRequired }).max(120, { error: m.namaMax }),
  kelompok: z.enum(kelompokAkun, { error: m.kelompokRequired }),
  /** Default: debit for aset and beban, credit otherwise. */
  saldo_normal: z.enum(['debit', 'kredit'], { error: m.saldoNormalInvalid }).optional(),
  kas_bank: z.boolean({ error: m.kasBankInvalid }).default(false),
});
export type AkunCreateInput = z.infer<typeof akunCreateSchema>;

/** `PUT /api/akuntansi/akun/{id}`: the same fields and whether it is active. */
export const akunUpdateSchema = akunCreateSchema.extend({ aktif: z.boolean({ error: m.aktifInvalid }).default(true) });
export type AkunUpdateInput = z.infer<typeof akunUpdateSchema>;

/** `PUT /api/akuntansi/peran`: the account a posting role goes to from now on. */
export const peranUpdateSchema = z.object({
  peran: z.enum(peranAkun, { error: m.peranInvalid }),
  akun_id: z.number({ error: m.akunRequired }).int({ error: m.akunRequired }).min(1, { error: m.akunRequired }),
});
export type PeranUpdateInput = z.infer<typeof peranUpdateSchema>;
