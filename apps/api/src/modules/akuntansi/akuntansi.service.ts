import type { Kysely } from 'kysely';
import {
  BUKU_BESAR_PAGE_SIZE,
  canApprove,
  formatDateLong,
  formatRupiah,
  jenisMutasiLabels,
  jurnalMutasi,
  jurnalPenyaluranDanaKebajikan,
  jurnalPpap,
  kelompokAkunLabels,
  messages,
  peranAkunLabels,
  periodeTeks,
  saldoNormalBawaan,
  sumberJurnalLabels,
  syaratPeran,
  type Akun,
  type AkunCreateInput,
  type AkunKas,
  type AkunUpdateInput,
  type PeranUpdateInput,
  type BarisBukuBesar,
  type BukuBesar,
  type JenisMutasi,
  type Jurnal,
  type JurnalEntry,
  type NeracaSaldo,
  type SumberJurnal,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { advanceRun, claimRun, lastFinishedRun, nextTurn } from '../../db/job-runs';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/errors';
import { recordActivity } from '../activities/activity.service';
import * as repo from './akuntansi.repository';

// The books (issue 48; docs/decisions/books.md): the journals of the money events recorded before
// them, and the reads of the chart, the journals, the ledger and the trial balance.

/** The job that journals the money events recorded before the books (one run, ever). */
export const JURNAL_BACKFILL_JOB = 'jurnal_backfill';
/** Its one run's key: the day of the migration that made the books' tables. */
const JURNAL_BACKFILL_RUN = '2026-12-07';
/** Events per transaction: their read, their journals' computation and their insert each stay well under 100 ms. */
export const JURNAL_BACKFILL_BATCH = { pglite: 500, postgres: 2000 } as const;

/**
 * Journals every money event that has none (the events recorded before migration 2026_12_07_0910;
 * every event since is written with its journal), in id order, `batch` events per transaction, the
 * event loop getting a turn between them: resumable (the cursor commits with each batch, and an
 * event with a journal is passed over), run once even with several processes (the run's row is
 * locked with SKIP LOCKED). The batch adds its journals to the account balances set-based
 * (`mizan.massal`). Answers how many events it journalled, or null when another process holds
 * the run.
 */
export async function backfillJournals(
  db: Kysely<DB>,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<number | null> {
  if (await lastFinishedRun(db, JURNAL_BACKFILL_JOB)) return 0;
  const batch = options.batch ?? JURNAL_BACKFILL_BATCH.postgres;
  let journalled = 0;
  for (;;) {
    if (options.signal?.aborted) return journalled;
    const step = await db.transaction().execute(async (trx) => {
      const run = await claimRun(trx, JURNAL_BACKFILL_JOB, JURNAL_BACKFILL_RUN);
      if (!run) return null;
      if (run.finished_at) return { count: 0, finished: true };
      const { events, lastId, scanned } = await repo.eventsWithoutJournal(trx, run.cursor, batch);
      const journals = events.map((e, index) => ({
        urutan: index + 1,
        lines: jurnalMutasi(e.tipe, e.jenis, e, e.dibalik ?? undefined),
      }));
      await repo.massal(trx);
      await repo.insertJournalsOfEvents(trx, events, journals);
      const finished = scanned < batch;
      // Last, the dana kebajikan's disbursements (a few rows: the ta'zir collected are money events).
      if (finished) await journalDisbursements(trx);
      await advanceRun(trx, JURNAL_BACKFILL_JOB, JURNAL_BACKFILL_RUN, lastId, run.processed + events.length, finished);
      return { count: events.length, finished };
    });
    if (!step) return null;
    journalled += step.count;
    if (step.finished) return journalled;
    await nextTurn();
  }
}

/** The disbursements of the dana kebajikan recorded before the books get their journals. */
async function journalDisbursements(trx: Kysely<DB>) {
  const entries = await repo.disbursementsWithoutJournal(trx);
  await repo.insertJournals(
    trx,
    entries.map((d) => ({
      tanggal: d.tanggal,
      sumber: 'dana_kebajikan' as const,
      dana_kebajikan_id: d.id,
      keterangan: `Penyaluran dana kebajikan: ${d.tujuan ?? ''}`.slice(0, 300),
      dicatat_oleh: d.created_by,
      lines: jurnalPenyaluranDanaKebajikan(d.jumlah),
    })),
  );
}

/** The journal's number as staff read it. */
export const nomorJurnal = (id: number) => `JU-${String(id).padStart(6, '0')}`;

/** The chart of accounts (Bagan Akun) with the roles each account takes. */
export function chartOfAccounts(db: Kysely<DB>): Promise<Akun[]> {
  return repo.chartOfAccounts(db);
}

/** The active cash and bank accounts money is received into or paid from, cash (`tunai`) marked. */
export async function kasBankAccounts(db: Kysely<DB>): Promise<AkunKas[]> {
  return (await repo.kasBankAccounts(db)).map((a) => ({ ...a, tunai: Boolean(a.tunai) }));
}

/** A loan's journals, each with its lines, in posting order (a reversal names what it reverses). */
export async function journalsOfLoan(db: Kysely<DB>, pinjamanId: number): Promise<Jurnal[]> {
  const rows = await repo.journalsOfLoan(db, pinjamanId);
  // No journal: an unknown loan is 404, never an empty book that looks like data.
  if (rows.length === 0 && !(await repo.loanExists(db, pinjamanId))) throw notFound(messages.notFound.pinjaman);
  return rows.map((row) => ({
    ...row,
    nomor: nomorJurnal(row.id),
    baris: row.baris.map((b) => ({ ...b, debit: Number(b.debit), kredit: Number(b.kredit) })),
  }));
}

/**
 * The trial balance (Neraca Saldo) as of `tanggal`: every account with a balance, on the debit
 * side when its debits exceed its credits and on the credit side otherwise; the totals are equal
 * whenever every journal balanced (the database refuses one that does not).
 */
export async function trialBalance(db: Kysely<DB>, tanggal: string): Promise<NeracaSaldo> {
  const rows = await repo.balancesAsOf(db, tanggal);
  const baris = rows
    .filter((r) => r.saldo !== 0)
    .map(({ saldo, ...akun }) => ({ ...akun, debit: Math.max(saldo, 0), kredit: Math.max(-saldo, 0) }));
  const total_debit = baris.reduce((sum, r) => sum + r.debit, 0);
  const total_kredit = baris.reduce((sum, r) => sum + r.kredit, 0);
  return { tanggal, baris, total_debit, total_kredit, seimbang: total_debit === total_kredit };
}

/**
 * Money is received or paid in cash (no account named: the role `kas`'s account) or through an
 * active cash or bank account of the chart; otherwise 400 with `message` on `akun_kas_id`.
 */
export async function checkAkunKas(trx: Kysely<DB>, akunKasId: number | null | undefined, message: string) {
  if (akunKasId != null && !(await repo.isActiveKasBank(trx, akunKasId)))
    throw validationFailed([{ path: 'akun_kas_id', msg: message }], message);
}

const ma = messages.akuntansi;

/** Only an aset account with a debit balance holds cash or a bank account. */
function checkKasBank(input: { kas_bank: boolean; kelompok: string; saldo_normal: string }) {
  if (input.kas_bank && !(input.kelompok === 'aset' && input.saldo_normal === 'debit'))
    throw validationFailed([{ path: 'kas_bank', msg: ma.kasBankAset }], ma.kasBankAset);
}

async function refuseTakenCode(trx: Kysely<DB>, kode: string, exceptId?: number) {
  if (await repo.codeTaken(trx, kode, exceptId)) throw conflict(ma.kodeTaken(kode), [{ path: 'kode', msg: ma.kodeTaken(kode) }]);
}

/** Adds an account to the chart (Pengaturan → Bagan Akun); answers the chart. */
export async function createAccount(db: Kysely<DB>, userId: number, input: AkunCreateInput): Promise<Akun[]> {
  const values = { ...input, saldo_normal: input.saldo_normal ?? saldoNormalBawaan(input.kelompok) };
  checkKasBank(values);
  await db.transaction().execute(async (trx) => {
    await refuseTakenCode(trx, values.kode);
    const id = await repo.insertAccount(trx, values);
    await recordActivity(trx, {
      type: 'akun.create',
      description: `Akun ${values.kode} ${values.nama} ditambahkan ke bagan akun`,
      category: 'other',
      entityType: 'akun',
      entityId: id,
      userId,
    });
  });
  return repo.chartOfAccounts(db);
}

/**
 * Changes an account: its name and whether it is active or cash/bank always; its code, group and
 * normal balance only while nothing uses it (a journal line, a payment or a loan naming it). An
 * account a posting role goes to stays active, and the cash role's account stays cash/bank.
 */
export async function updateAccount(db: Kysely<DB>, userId: number, id: number, input: AkunUpdateInput): Promise<Akun[]> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.accountForChange(trx, id);
    if (!current) throw notFound(ma.akunNotFound);
    const values = { ...input, saldo_normal: input.saldo_normal ?? current.saldo_normal };
    checkKasBank(values);
    const fixedChanged =
      values.kode !== current.kode || values.kelompok !== current.kelompok || values.saldo_normal !== current.saldo_normal;
    if (current.terpakai && fixedChanged) throw conflict(ma.terpakaiTetap(current.kode));
    if (current.peran.length > 0) {
      if (!values.aktif)
        throw conflict(ma.masihDipetakan(current.kode), [{ path: 'aktif', msg: ma.masihDipetakan(current.kode) }]);
      for (const peran of current.peran) {
        const syarat = syaratPeran(peran);
        if (syarat.kas_bank && !values.kas_bank)
          throw conflict(ma.kasBankDipakai(current.kode), [{ path: 'kas_bank', msg: ma.kasBankDipakai(current.kode) }]);
        if (values.kelompok !== syarat.kelompok || values.saldo_normal !== syarat.saldo_normal)
          throw conflict(ma.masihDipetakan(current.kode));
      }
    }
    if (values.kode !== current.kode) await refuseTakenCode(trx, values.kode, id);
    await repo.updateAccount(trx, id, values);
    await recordActivity(trx, {
      type: 'akun.update',
      description: `Akun ${values.kode} ${values.nama} diperbarui${values.aktif === current.aktif ? '' : values.aktif ? ' (diaktifkan)' : ' (dinonaktifkan)'}`,
      category: 'other',
      entityType: 'akun',
      entityId: id,
      userId,
    });
  });
  return repo.chartOfAccounts(db);
}

/** Deletes an account nothing uses and no role posts to (one that was used can only be deactivated). */
export async function deleteAccount(db: Kysely<DB>, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.accountForChange(trx, id);
    if (!current) throw notFound(ma.akunNotFound);
    if (current.peran.length > 0) throw conflict(ma.masihDipetakan(current.kode));
    if (current.terpakai) throw conflict(ma.terpakaiHapus(current.kode));
    await repo.deleteAccount(trx, id);
    await recordActivity(trx, {
      type: 'akun.delete',
      description: `Akun ${current.kode} dihapus dari bagan akun`,
      category: 'other',
      entityType: 'akun',
      entityId: id,
      userId,
    });
  });
}

/**
 * Maps a posting role to an account from now on (the journals already posted keep theirs): an
 * active account of the group and normal balance the role requires (core `syaratPeran`); cash to
 * a cash or bank account.
 */
export async function mapRole(db: Kysely<DB>, userId: number, input: PeranUpdateInput): Promise<Akun[]> {
  await db.transaction().execute(async (trx) => {
    const akun = await repo.accountForChange(trx, input.akun_id);
    if (!akun) throw validationFailed([{ path: 'akun_id', msg: ma.akunNotFound }], ma.akunNotFound);
    const syarat = syaratPeran(input.peran);
    const msg = syarat.kas_bank
      ? ma.peranKasBank
      : ma.peranTidakCocok(kelompokAkunLabels[syarat.kelompok].toLowerCase(), syarat.saldo_normal);
    if (
      !akun.aktif ||
      akun.kelompok !== syarat.kelompok ||
      akun.saldo_normal !== syarat.saldo_normal ||
      (syarat.kas_bank && !akun.kas_bank)
    )
      throw validationFailed([{ path: 'akun_id', msg }], msg);
    // One account, one role: a role's balance is its accounts' (the tie-outs, the statements).
    const other = akun.peran.find((p) => p !== input.peran);
    if (other) {
      const taken = ma.satuPeran(akun.kode, peranAkunLabels[other]);
      throw validationFailed([{ path: 'akun_id', msg: taken }], taken);
    }
    await repo.mapRole(trx, input.peran, input.akun_id);
    await recordActivity(trx, {
      type: 'akun.peran',
      description: `Posting ${peranAkunLabels[input.peran].toLowerCase()} kini ke akun ${akun.kode}`,
      category: 'other',
      entityType: 'akun',
      entityId: akun.id,
      userId,
    });
  });
  return repo.chartOfAccounts(db);
}

/** The month-end provision's job (`job_runs`), one run per month-end. */
export const PPAP_JOB = 'ppap_bulanan';

/**
 * The month-end provision (PPAP, issue 48): brings the cadangan kerugian (every account its role
 * has gone to) from what it held at the close of `akhirBulan` to `required` (what the classes of
 * that month-end require, modules/portfolio) with one journal dated that day: Dr beban PPAP /
 * Cr cadangan, or back. Once per month-end even with several processes, and all or nothing: the
 * run's row is claimed (SKIP LOCKED) and finished in the journal's own transaction. 'busy': another
 * process holds it; 'already': done before.
 */
export async function postMonthEndProvision(
  db: Kysely<DB>,
  akhirBulan: string,
  required: number,
): Promise<{ outcome: 'done' | 'already' | 'busy'; selisih: number }> {
  return db.transaction().execute(async (trx) => {
    const run = await claimRun(trx, PPAP_JOB, akhirBulan);
    if (!run) return { outcome: 'busy' as const, selisih: 0 };
    if (run.finished_at) return { outcome: 'already' as const, selisih: 0 };
    // The cadangan is a contra-asset: what it holds is its credit balance.
    const held = -(await repo.roleBalanceAsOf(trx, 'cadangan_kerugian', akhirBulan));
    const selisih = required - held;
    if (selisih !== 0)
      await repo.insertJournals(trx, [
        {
          tanggal: akhirBulan,
          sumber: 'ppap',
          keterangan: `PPAP akhir bulan ${formatDateLong(akhirBulan)}: cadangan ${formatRupiah(held)} menjadi ${formatRupiah(required)}`,
          dicatat_oleh: null,
          lines: jurnalPpap(selisih),
        },
      ]);
    await advanceRun(trx, PPAP_JOB, akhirBulan, 0, 1, true);
    return { outcome: 'done' as const, selisih };
  });
}

/** Who may read the books: administrators and managers (docs/decisions/books.md). */
export function assertBooksReader(role: string) {
  if (!canApprove(role)) throw forbidden(messages.akuntansi.hanyaPembukuan);
}

/**
 * Whose journals a user reads on the Jurnal screen: administrators and managers every journal
 * (undefined), an operator only those they posted (their id); anyone else is refused.
 */
export function journalScope(user: { id: number; role: string }): number | undefined {
  if (canApprove(user.role)) return undefined;
  if (user.role === 'operator') return user.id;
  throw forbidden(messages.akuntansi.hanyaJurnal);
}

/** What a journal was for, as people read it: a money event's kind, loan and customer; otherwise its own description. */
function keteranganOf(row: {
  sumber: SumberJurnal;
  keterangan: string | null;
  jenis_mutasi: JenisMutasi | null;
  nomor_pinjaman: string | null;
  nasabah_nama: string | null;
}): string {
  if (row.sumber !== 'mutasi' || !row.jenis_mutasi) return row.keterangan ?? sumberJurnalLabels[row.sumber];
  return [jenisMutasiLabels[row.jenis_mutasi], row.nomor_pinjaman, row.nasabah_nama].filter(Boolean).join(' · ');
}

type JournalRow = Awaited<ReturnType<typeof repo.journalBatch>>[number];

function journalEntry(row: Omit<JournalRow, 'tanggal'> & { tanggal: string }): JurnalEntry {
  return {
    id: row.id,
    nomor: nomorJurnal(row.id),
    tanggal: row.tanggal,
    sumber: row.sumber,
    mutasi_id: row.mutasi_id,
    jenis_mutasi: row.jenis_mutasi,
    pinjaman_id: row.pinjaman_id,
    pembayaran_id: row.pembayaran_id,
    membalik_id: row.membalik_id,
    keterangan: keteranganOf(row),
    nomor_pinjaman: row.nomor_pinjaman,
    nasabah_nama: row.nasabah_nama,
    baris: (row.baris ?? []).map((b) => ({ ...b, debit: Number(b.debit), kredit: Number(b.kredit) })),
  };
}

/** The account a filter names, or 404: an unknown account is never an empty book. */
async function akunOrNotFound(db: Kysely<DB>, akunId: number) {
  const akun = await repo.findAkun(db, akunId);
  if (!akun) throw notFound(messages.notFound.akun);
  return akun;
}

/** The filters' loan and account must exist (404 otherwise), so that no filter shows an empty book by mistake. */
async function checkJournalFilters(db: Kysely<DB>, filters: repo.JournalFilters) {
  if (filters.akun_id !== undefined) await akunOrNotFound(db, filters.akun_id);
  if (filters.pinjaman_id !== undefined && !(await loanOfAnyStateExists(db, filters.pinjaman_id)))
    throw notFound(messages.notFound.pinjaman);
}

/** Whether a loan of this id was ever recorded (a deleted loan keeps its journals, its cancellation among them). */
const loanOfAnyStateExists = async (db: Kysely<DB>, pinjamanId: number) => (await repo.loanNumber(db, pinjamanId)) !== undefined;

/** One page of the Jurnal screen: journals newest first, each with its lines and what it was for. */
export async function journals(db: Kysely<DB>, filters: repo.JournalFilters, paging: { page: number; limit: number }) {
  await checkJournalFilters(db, filters);
  const { rows, total } = await repo.journalPage(db, filters, paging);
  return {
    data: rows.map(journalEntry),
    pagination: { ...paging, total, totalPages: Math.ceil(total / paging.limit), sortBy: 'tanggal', sortOrder: 'desc' as const },
  };
}

/** Journals per export batch: their lines come along (a few each). */
const JOURNAL_BATCH = 500;

/** Every journal the filters select, newest first, in batches read by key (an export). */
export async function journalBatches(db: Kysely<DB>, filters: repo.JournalFilters) {
  await checkJournalFilters(db, filters);
  return (async function* () {
    let after: { tanggal: string; id: number } | null = null;
    for (;;) {
      const rows = await repo.journalBatch(db, filters, after, JOURNAL_BATCH);
      if (rows.length > 0) yield rows.map(journalEntry);
      const last = rows.at(-1);
      if (!last || rows.length < JOURNAL_BATCH) return;
      after = { tanggal: last.tanggal, id: last.id };
    }
  })();
}

/** Most journals one PDF prints (about 40 pages of A4); more are refused with a 400 asking for a narrower filter. */
export const MAX_PDF_JOURNALS = 1000;
/** Most ledger lines one PDF prints. */
export const MAX_PDF_LEDGER_LINES = 3000;

const tooManyForPdf = () => validationFailed([], messages.akuntansi.pdfTerlaluBanyak);

/** Every journal the filters select, for one PDF; refused above `MAX_PDF_JOURNALS`. */
export async function journalsForPdf(db: Kysely<DB>, filters: repo.JournalFilters): Promise<JurnalEntry[]> {
  await checkJournalFilters(db, filters);
  if ((await repo.countJournals(db, filters)) > MAX_PDF_JOURNALS) throw tooManyForPdf();
  const all: JurnalEntry[] = [];
  for await (const batch of await journalBatches(db, filters)) all.push(...batch);
  return all;
}

/** The journals' filters as people read them (an export's title rows, the PDF): each given one, by its name. */
export async function journalFilterLines(db: Kysely<DB>, filters: repo.JournalFilters): Promise<string[]> {
  const lines: string[] = [];
  if (filters.dari || filters.sampai) lines.push(`Periode: ${periodeTeks(filters.dari, filters.sampai)}`);
  if (filters.akun_id !== undefined) {
    const akun = await akunOrNotFound(db, filters.akun_id);
    lines.push(`Akun: ${akun.kode} ${akun.nama}`);
  }
  if (filters.sumber) lines.push(`Sumber: ${sumberJurnalLabels[filters.sumber]}`);
  if (filters.jenis) lines.push(`Jenis: ${jenisMutasiLabels[filters.jenis]}`);
  if (filters.pinjaman_id !== undefined) {
    const nomor = await repo.loanNumber(db, filters.pinjaman_id);
    lines.push(`Pinjaman: ${nomor ?? `#${filters.pinjaman_id}`}`);
  }
  if (filters.dicatat_oleh !== undefined) lines.push('Hanya jurnal yang Anda catat');
  return lines;
}

/** The period of a ledger: as asked, or from the first of this month (of `sampai`'s month) to today (to `dari` when that is later). */
export function ledgerPeriod(query: { dari?: string | null; sampai?: string | null }, today: string) {
  const sampai = query.sampai ?? (query.dari && query.dari > today ? query.dari : today);
  const dari = query.dari ?? `${sampai.slice(0, 7)}-01`;
  return { dari, sampai };
}

/** A ledger line as the screen and the files show it, `saldo` still to be set. */
const ledgerLine = (row: repo.LedgerLineRow): Omit<BarisBukuBesar, 'saldo'> => ({
  id: row.id,
  jurnal_id: row.jurnal_id,
  nomor: nomorJurnal(row.jurnal_id),
  tanggal: row.tanggal,
  keterangan: keteranganOf(row),
  pinjaman_id: row.pinjaman_id,
  debit: Number(row.debit),
  kredit: Number(row.kredit),
});

/** Debits less credits in the account's normal-balance sign. */
const signed = (saldoNormal: 'debit' | 'kredit', debitLessCredit: number) =>
  saldoNormal === 'debit' ? debitLessCredit : 0 - debitLessCredit;

/** Each line with the balance after it, from `start` (normal-balance sign). */
function withRunningBalance(saldoNormal: 'debit' | 'kredit', start: number, rows: readonly repo.LedgerLineRow[]) {
  let saldo = start;
  return rows.map((row) => {
    const line = ledgerLine(row);
    saldo += signed(saldoNormal, line.debit - line.kredit);
    return { ...line, saldo };
  });
}

/**
 * One page of an account's ledger (Buku Besar) over `dari`–`sampai`: the opening balance, the page's
 * lines with the running balance (the page's starting balance computed by the database, so any page
 * is right without the pages before it), the period's totals and the closing balance.
 */
export async function ledger(
  db: Kysely<DB>,
  akunId: number,
  period: { dari: string; sampai: string },
  page: number,
): Promise<BukuBesar> {
  const akun = await akunOrNotFound(db, akunId);
  const limit = BUKU_BESAR_PAGE_SIZE;
  const read = await repo.ledgerPage(db, akunId, period.dari, period.sampai, { offset: (page - 1) * limit, limit });
  const saldo_awal = signed(akun.saldo_normal, read.saldo_awal);
  const saldo_awal_halaman = signed(akun.saldo_normal, read.saldo_awal + read.sebelum_halaman);
  return {
    akun,
    ...period,
    saldo_awal,
    saldo_awal_halaman,
    baris: withRunningBalance(akun.saldo_normal, saldo_awal_halaman, read.baris),
    total_debit: read.total_debit,
    total_kredit: read.total_kredit,
    saldo_akhir: signed(akun.saldo_normal, read.saldo_awal + read.total_debit - read.total_kredit),
    pagination: { page, limit, total: read.jumlah_baris, totalPages: Math.ceil(read.jumlah_baris / limit) },
  };
}

/** Ledger lines per export batch. */
const LEDGER_BATCH = 2000;

/**
 * An account's whole ledger over a period for a file: its heading figures (page 1's read) and
 * every line in batches by key, the running balance carried from batch to batch.
 */
export async function ledgerForExport(db: Kysely<DB>, akunId: number, period: { dari: string; sampai: string }) {
  const head = await ledger(db, akunId, period, 1);
  const { saldo_normal } = head.akun;
  const batches = (async function* () {
    let after: { tanggal: string; id: number } | null = null;
    let saldo = head.saldo_awal;
    for (;;) {
      const rows = await repo.ledgerBatch(db, akunId, period.dari, period.sampai, after, LEDGER_BATCH);
      const lines = withRunningBalance(saldo_normal, saldo, rows);
      if (lines.length > 0) yield lines;
      const last = rows.at(-1);
      if (!last || rows.length < LEDGER_BATCH) return;
      saldo = lines.at(-1)!.saldo;
      after = { tanggal: last.tanggal, id: last.id };
    }
  })();
  return { head, batches };
}

/** The whole ledger of a period for one PDF; refused above `MAX_PDF_LEDGER_LINES` lines. */
export async function ledgerForPdf(db: Kysely<DB>, akunId: number, period: { dari: string; sampai: string }) {
  const { head, batches } = await ledgerForExport(db, akunId, period);
  if (head.pagination.total > MAX_PDF_LEDGER_LINES) throw tooManyForPdf();
  const baris: BarisBukuBesar[] = [];
  for await (const batch of batches) baris.push(...batch);
  return { ...head, baris };
}
