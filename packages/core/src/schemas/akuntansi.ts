/**
 * The books as the API answers them (issue 48): the chart of accounts, a loan's journals and the
 * trial balance (Neraca Saldo). Amounts are whole rupiah.
 */
import { z } from './zod';
import { kelompokAkun, peranAkun, sumberJurnal } from '../domain/jurnal';
import { jenisMutasi } from '../domain/mutasi';
import { messages } from '../messages';
import { idField, optionalDateField } from './fields';
import {
  dateRangeInOrder,
  enumParam,
  formatParam,
  limitParamSchema,
  optionalDateParam,
  optionalIdParam,
  pageParamSchema,
} from './list-query';

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
/** `GET /api/akuntansi/neraca-saldo/ekspor`: the day and the file `format`. */
export const neracaSaldoExportQuerySchema = neracaSaldoQuerySchema.extend({ format: formatParam });
/** `GET /api/akuntansi/akun/ekspor`: the file `format`. */
export const akunExportQuerySchema = z.object({ format: formatParam });

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
/** A journal on the Jurnal screen: its lines, and what it was for as people read it. */
export const jurnalEntrySchema = jurnalSchema.extend({
  /**
   * A money event: its kind, the loan's number and the customer's name ("Pembayaran · MRB-001 ·
   * Siti Aminah"); a disbursement of the dana kebajikan or a general journal: its own description.
   */
  keterangan: z.string(),
  nomor_pinjaman: z.string().nullable(),
  nasabah_nama: z.string().nullable(),
});
export type JurnalEntry = z.infer<typeof jurnalEntrySchema>;

const jurnalFilters = {
  dari: optionalDateParam(),
  sampai: optionalDateParam(),
  /** Journals with a line on this account. */
  akun_id: optionalIdParam(),
  sumber: enumParam(sumberJurnal, messages.akuntansi.sumberInvalid),
  /** The kind of money event (a journal of a loan). */
  jenis: enumParam(jenisMutasi, messages.listQuery.jenisInvalid),
  pinjaman_id: optionalIdParam(),
};

/** `GET /api/akuntansi/jurnal`: dari–sampai, akun_id, sumber, jenis, pinjaman_id; page and limit; newest first. */
export const jurnalListQuerySchema = z
  .object({ page: pageParamSchema, limit: limitParamSchema, ...jurnalFilters })
  .superRefine(dateRangeInOrder);
export type JurnalListQuery = z.infer<typeof jurnalListQuerySchema>;
/** The Jurnal's filters alone (its PDF). */
export const jurnalFilterQuerySchema = z.object(jurnalFilters).superRefine(dateRangeInOrder);
export type JurnalFilters = z.infer<typeof jurnalFilterQuerySchema>;
/** `GET /api/akuntansi/jurnal/ekspor`: the filters and the file `format`. */
export const jurnalExportQuerySchema = z.object({ ...jurnalFilters, format: formatParam }).superRefine(dateRangeInOrder);

/** Lines of the Buku Besar per page. */
export const BUKU_BESAR_PAGE_SIZE = 50;

const bukuBesarFilters = {
  akun_id: idField(messages.akuntansi.akunRequired),
  /** The period's first day (default: the first of this month) and last (default: today). */
  dari: optionalDateParam(),
  sampai: optionalDateParam(),
};
/** `GET /api/akuntansi/buku-besar`: one account over dari–sampai, 50 lines a page. */
export const bukuBesarQuerySchema = z.object({ ...bukuBesarFilters, page: pageParamSchema }).superRefine(dateRangeInOrder);
export type BukuBesarQuery = z.infer<typeof bukuBesarQuerySchema>;
/** The Buku Besar's account and period alone (its PDF). */
export const bukuBesarFilterQuerySchema = z.object(bukuBesarFilters).superRefine(dateRangeInOrder);
/** `GET /api/akuntansi/buku-besar/ekspor`: the account, the period and the file `format`. */
export const bukuBesarExportQuerySchema = z.object({ ...bukuBesarFilters, format: formatParam }).superRefine(dateRangeInOrder);

/** A line of the Buku Besar: its journal, what for, the amount and the balance after it. */
export const barisBukuBesarSchema = z.object({
  /** The journal line's id. */
  id: z.number(),
  jurnal_id: z.number(),
  nomor: z.string(),
  tanggal: z.string(),
  keterangan: z.string(),
  pinjaman_id: z.number().nullable(),
  debit: z.number(),
  kredit: z.number(),
  /** The running balance after this line, in the account's normal-balance sign. */
  saldo: z.number(),
});
export type BarisBukuBesar = z.infer<typeof barisBukuBesarSchema>;

/**
 * The ledger of one account over a period (Buku Besar): the balance before it, one page of its
 * lines in date and posting order with the running balance, and the period's totals and closing
 * balance. Balances are in the account's normal-balance sign (a credit-normal account's credits
 * raise it).
 */
export const bukuBesarSchema = z.object({
  akun: akunSchema.pick({ id: true, kode: true, nama: true, kelompok: true, saldo_normal: true }),
  dari: z.string(),
  sampai: z.string(),
  saldo_awal: z.number(),
  /** The balance before this page's first line (the opening balance on page 1). */
  saldo_awal_halaman: z.number(),
  baris: z.array(barisBukuBesarSchema),
  total_debit: z.number(),
  total_kredit: z.number(),
  saldo_akhir: z.number(),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
});
export type BukuBesar = z.infer<typeof bukuBesarSchema>;
