/**
 * Import of the old system's data (issue 26 C). A file is read (impor.reader.ts), every row is
 * validated with the API's own schemas and messages, its references resolved (a loan's customer
 * by NIK, a payment's loan by number) and checked for duplicates in the file and in the database;
 * rows imported before are recognised and skipped. `checkImport` answers the dry run;
 * `commitImport` writes a file without problems in one transaction, with the balances, statuses,
 * ledger summaries, receipt numbers (the database's trigger) and activity log a typed record gets.
 * Rules and choices: docs/decisions/import.md.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  formatRupiah,
  importCell,
  imporMessages,
  jenisImporLabels,
  kolomImpor,
  nasabahCreateSchema,
  normalizeNik,
  pembayaranCreateSchema,
  pinjamanCreateSchema,
  todayJakarta,
  totalPinjamanNasabah,
  type ImporHasil,
  type ImporMasalah,
  type ImporPeriksa,
  type JenisImpor,
  type NasabahCreateInput,
  type PembayaranCreateInput,
  type PinjamanCreateInput,
  IMPOR_MAX_MASALAH,
  isDisbursed,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordActivities, recordActivity, type ActivityInput } from '../activities/activity.service';
import {
  angsuranKeTakenMessage,
  paymentColumns,
  paymentLabel,
  PINJAMAN_SETTLED,
  tanggalBeforeLoanMessage,
} from '../pembayaran/pembayaran.service';
import { nasabahCreatedText, newNasabahRow } from '../nasabah/nasabah.service';
import { loanCreatedText, newLoanRow } from '../pinjaman/pinjaman.service';
import { ensureLoanEvents, postLoanEvents } from '../mutasi/mutasi.service';
import { forgetHistoryFrom } from '../portfolio/portfolio.service';
import * as repo from './impor.repository';
import { countCustomers, countLoans, countPayments, massal, moveLoanStatuses, numberReceipts } from '../../db/bulk-counters';
import type { ImporRow, ImporSheet } from './impor.reader';
import { nextTurn } from '../../db/job-runs';

/** A row that passed every check, ready to be written. */
interface Ready<T> {
  baris: number;
  input: T;
}

/** The outcome of checking a file: its problems, the rows to add, how many were imported before. */
interface Checked<T> {
  masalah: ImporMasalah[];
  ready: Ready<T>[];
  sudahAda: number;
}

const headerOf = (jenis: JenisImpor, key: string) => kolomImpor[jenis].find((k) => k.key === key)?.header ?? null;

/**
 * The values of a row as the API body takes them (blank cells absent), parsed by `schema` with
 * the references already resolved in `extra`; its problems with the column each belongs to.
 */
function parseRow<S extends z.ZodType>(
  jenis: JenisImpor,
  row: ImporRow,
  schema: S,
  extra: Record<string, unknown>,
  referenceColumn: Record<string, string>,
): { data: z.infer<S> | null; masalah: ImporMasalah[] } {
  const masalah: ImporMasalah[] = row.formulas.map((key) => ({
    baris: row.baris,
    kolom: headerOf(jenis, key),
    pesan: imporMessages.formula,
  }));
  const body: Record<string, unknown> = {};
  for (const column of kolomImpor[jenis]) {
    if (row.formulas.includes(column.key)) continue;
    const value = importCell(column.kind, row.cells[column.key]);
    if (value !== null) body[column.key] = value;
  }
  const parsed = schema.safeParse({ ...body, ...extra });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      // A formula's cell has its own message already.
      if (row.formulas.includes(key)) continue;
      // A reference that did not resolve has its own message already.
      if (referenceColumn[key] === undefined || extra[key] !== 0)
        masalah.push({ baris: row.baris, kolom: headerOf(jenis, referenceColumn[key] ?? key), pesan: issue.message });
    }
  return { data: parsed.success && masalah.length === 0 ? parsed.data : null, masalah };
}

/** A turn for other requests every 500 rows of a long loop (PGlite runs on this thread). */
const turn = (index: number) => (index % 500 === 499 ? nextTurn() : undefined);

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

// ---- Customers ----

async function checkNasabah(db: Kysely<DB>, sheet: ImporSheet): Promise<Checked<NasabahCreateInput>> {
  const masalah: ImporMasalah[] = [];
  const parsed: Ready<NasabahCreateInput>[] = [];
  const firstRowOfNik = new Map<string, number>();
  for (const [index, row] of sheet.rows.entries()) {
    await turn(index);
    const result = parseRow('nasabah', row, nasabahCreateSchema, {}, {});
    masalah.push(...result.masalah);
    if (!result.data) continue;
    const seen = firstRowOfNik.get(result.data.nik);
    if (seen !== undefined) {
      masalah.push({ baris: row.baris, kolom: 'NIK', pesan: imporMessages.sameAsRow('NIK', seen) });
      continue;
    }
    firstRowOfNik.set(result.data.nik, row.baris);
    parsed.push({ baris: row.baris, input: result.data });
  }
  const holders = new Map((await repo.customersByNik(db, [...firstRowOfNik.keys()])).map((c) => [c.nik!, c]));
  const ready: Ready<NasabahCreateInput>[] = [];
  let sudahAda = 0;
  for (const item of parsed) {
    const holder = holders.get(item.input.nik);
    if (!holder) ready.push(item);
    // The same customer imported before: skipped, so that a file can be imported twice.
    else if (holder.diimpor && holder.nama === item.input.nama) sudahAda += 1;
    else masalah.push({ baris: item.baris, kolom: 'NIK', pesan: imporMessages.nikTaken });
  }
  return { masalah, ready, sudahAda };
}

async function commitNasabah(trx: Kysely<DB>, ready: Ready<NasabahCreateInput>[], userId: number, today: string) {
  const ids = await repo.insertCustomers(
    trx,
    ready.map(({ input }) => newNasabahRow(input, today, userId, true)),
  );
  await countCustomers(trx, ids);
  return ids.map((id, i): ActivityInput => ({
    type: 'nasabah.create',
    description: `${nasabahCreatedText(ready[i]!.input.nama)} (impor)`,
    category: 'other',
    entityType: 'nasabah',
    entityId: id,
    userId,
  }));
}

// ---- Loans ----

/** The living loans holding the loan numbers the sheet names, by number (one number may be several loans'). */
async function loansByNomorIn(db: Kysely<DB>, sheet: ImporSheet) {
  const nomors = [...new Set(sheet.rows.map((r) => textOf(r.cells.nomor_pinjaman)).filter((n) => n !== ''))];
  const byNomor = new Map<string, Awaited<ReturnType<typeof repo.loansByNomor>>>();
  for (const loan of await repo.loansByNomor(db, nomors))
    byNomor.set(loan.nomor_pinjaman, [...(byNomor.get(loan.nomor_pinjaman) ?? []), loan]);
  return byNomor;
}

type LoanReady = PinjamanCreateInput & { nasabah_nama: string };

async function checkPinjaman(db: Kysely<DB>, sheet: ImporSheet): Promise<Checked<LoanReady>> {
  const masalah: ImporMasalah[] = [];
  const niks = [...new Set(sheet.rows.map((r) => normalizeNik(textOf(r.cells.nik_nasabah))).filter((n) => n !== ''))];
  const customers = new Map((await repo.customersByNik(db, niks)).map((c) => [c.nik!, c]));
  const existing = await loansByNomorIn(db, sheet);
  const firstRowOfNomor = new Map<string, number>();
  const ready: Ready<LoanReady>[] = [];
  let sudahAda = 0;
  for (const [index, row] of sheet.rows.entries()) {
    await turn(index);
    const nik = normalizeNik(textOf(row.cells.nik_nasabah));
    const customer = customers.get(nik);
    const rowProblems: ImporMasalah[] = [];
    if (nik === '') rowProblems.push({ baris: row.baris, kolom: 'NIK Nasabah', pesan: imporMessages.nikNasabahRequired });
    else if (!customer) rowProblems.push({ baris: row.baris, kolom: 'NIK Nasabah', pesan: imporMessages.nasabahNotFound });
    const nomor = textOf(row.cells.nomor_pinjaman);
    if (nomor === '') rowProblems.push({ baris: row.baris, kolom: 'Nomor Pinjaman', pesan: imporMessages.nomorRequired });
    // An unresolved customer is 0: its schema message is left out (the reference's is above).
    const result = parseRow(
      'pinjaman',
      row,
      pinjamanCreateSchema,
      { nasabah_id: customer?.id ?? 0 },
      { nasabah_id: 'nik_nasabah' },
    );
    rowProblems.push(...result.masalah);
    if (nomor !== '') {
      const seen = firstRowOfNomor.get(nomor);
      if (seen !== undefined)
        rowProblems.push({ baris: row.baris, kolom: 'Nomor Pinjaman', pesan: imporMessages.sameAsRow('Nomor pinjaman', seen) });
      else firstRowOfNomor.set(nomor, row.baris);
    }
    if (rowProblems.length > 0 || !result.data || !customer) {
      masalah.push(...rowProblems);
      continue;
    }
    const holders = existing.get(nomor) ?? [];
    if (holders.length === 0) ready.push({ baris: row.baris, input: { ...result.data, nasabah_nama: customer.nama } });
    // The same loan imported before for the same customer: skipped.
    else if (holders.length === 1 && holders[0]!.diimpor && holders[0]!.nasabah_id === customer.id) sudahAda += 1;
    else masalah.push({ baris: row.baris, kolom: 'Nomor Pinjaman', pesan: imporMessages.nomorTaken });
  }
  return { masalah, ready, sudahAda };
}

async function commitPinjaman(trx: Kysely<DB>, ready: Ready<LoanReady>[], userId: number, today: string) {
  const customerIds = [...new Set(ready.map((r) => r.input.nasabah_id))];
  const latest = await repo.latestUrutan(trx, customerIds);
  const rows = ready.map(({ input }) => {
    const generated = input.urutan_pinjaman === undefined;
    const urutan = input.urutan_pinjaman ?? (latest.get(input.nasabah_id) ?? 0) + 1;
    latest.set(input.nasabah_id, Math.max(latest.get(input.nasabah_id) ?? 0, urutan));
    return newLoanRow(input, { urutan, generated }, null, userId, true);
  });
  const ids = await repo.insertLoans(trx, rows);
  await countLoans(trx, ids);
  // The ledger summary and class of each new loan on today, as a typed loan gets them.
  await moveLoanStatuses(trx, await postLoanEvents(trx, ids, today, { jenis: 'akad', alasan: 'Impor', userId }));
  await refreshTotals(trx, customerIds);
  return ids.map((id, i): ActivityInput => ({
    type: 'pinjaman.create',
    description: `${loanCreatedText(ready[i]!.input, ready[i]!.input.nasabah_nama)} (impor)`,
    category: 'pinjaman',
    amount: ready[i]!.input.jumlah,
    entityType: 'pinjaman',
    entityId: id,
    userId,
  }));
}

/** The customers' total_pinjaman from their living loans (core `totalPinjamanNasabah`). */
async function refreshTotals(trx: Kysely<DB>, customerIds: readonly number[]) {
  const byCustomer = new Map<number, { jumlah: number }[]>(customerIds.map((id) => [id, []]));
  for (const loan of await repo.loanAmountsOf(trx, customerIds)) byCustomer.get(loan.nasabah_id)?.push(loan);
  await repo.setTotals(
    trx,
    [...byCustomer].map(([id, loans]) => ({ id, total: totalPinjamanNasabah(loans) })),
  );
}

// ---- Payments ----

type PaymentReady = PembayaranCreateInput & { impor_kunci: string; nomor_pinjaman: string };

/**
 * A payment's import key: its loan number, date, amount, kind, instalment, and how many rows with
 * the same values came before it in the file (two equal payments on one day are two payments).
 */
const paymentKey = (nomor: string, p: PembayaranCreateInput, occurrence: number) =>
  `${nomor}|${p.tanggal}|${p.jumlah}|${p.jenis}|${p.angsuran_ke ?? ''}|${occurrence}`.slice(0, 200);

async function checkPembayaran(db: Kysely<DB>, sheet: ImporSheet): Promise<Checked<PaymentReady>> {
  const masalah: ImporMasalah[] = [];
  const loansOf = await loansByNomorIn(db, sheet);
  const loanIds = [...loansOf.values()].filter((l) => l.length === 1).map((l) => l[0]!.id);
  const settled = new Set<number>();
  const instalments = new Map<number, Map<number, number | null>>();
  for (const rule of await repo.paymentRulesOf(db, loanIds)) {
    if (rule.jenis === 'pelunasan') settled.add(rule.pinjaman_id);
    else if (rule.angsuran_ke !== null) {
      const taken = instalments.get(rule.pinjaman_id) ?? new Map<number, number | null>();
      taken.set(rule.angsuran_ke, null);
      instalments.set(rule.pinjaman_id, taken);
    }
  }
  // First pass: each row parsed, its loan resolved, its key.
  const parsed: (Ready<PaymentReady> & { loan: { id: number; tanggal_pinjam: string } })[] = [];
  const occurrences = new Map<string, number>();
  for (const [index, row] of sheet.rows.entries()) {
    await turn(index);
    const nomor = textOf(row.cells.nomor_pinjaman);
    const candidates = loansOf.get(nomor) ?? [];
    const rowProblems: ImporMasalah[] = [];
    if (nomor !== '' && candidates.length === 0)
      rowProblems.push({ baris: row.baris, kolom: 'Nomor Pinjaman', pesan: imporMessages.pinjamanNotFound });
    if (candidates.length > 1)
      rowProblems.push({ baris: row.baris, kolom: 'Nomor Pinjaman', pesan: imporMessages.pinjamanAmbiguous });
    const loan = candidates.length === 1 ? candidates[0]! : null;
    if (loan && !isDisbursed(loan.status))
      rowProblems.push({ baris: row.baris, kolom: 'Nomor Pinjaman', pesan: imporMessages.pinjamanPending });
    if (nomor === '') rowProblems.push({ baris: row.baris, kolom: 'Nomor Pinjaman', pesan: imporMessages.nomorRequired });
    const result = parseRow(
      'pembayaran',
      row,
      pembayaranCreateSchema,
      { pinjaman_id: loan?.id ?? 0 },
      { pinjaman_id: 'nomor_pinjaman' },
    );
    rowProblems.push(...result.masalah);
    if (rowProblems.length > 0 || !result.data || !loan) {
      masalah.push(...rowProblems);
      continue;
    }
    const base = paymentKey(nomor, result.data, 0).replace(/\|0$/, '');
    const occurrence = occurrences.get(base) ?? 0;
    occurrences.set(base, occurrence + 1);
    parsed.push({
      baris: row.baris,
      input: { ...result.data, nomor_pinjaman: nomor, impor_kunci: paymentKey(nomor, result.data, occurrence) },
      loan: { id: loan.id, tanggal_pinjam: loan.tanggal_pinjam },
    });
  }
  const imported = await repo.existingImportKeys(
    db,
    parsed.map((p) => p.input.impor_kunci),
  );
  // Second pass, in file order as if typed one by one: the rules a typed payment meets.
  const ready: Ready<PaymentReady>[] = [];
  let sudahAda = 0;
  for (const [index, item] of parsed.entries()) {
    await turn(index);
    if (imported.has(item.input.impor_kunci)) {
      sudahAda += 1;
      continue;
    }
    const { input, loan, baris } = item;
    if (input.tanggal < loan.tanggal_pinjam) {
      masalah.push({ baris, kolom: 'Tanggal', pesan: tanggalBeforeLoanMessage(loan.tanggal_pinjam) });
      continue;
    }
    if (settled.has(loan.id)) {
      masalah.push({ baris, kolom: 'Nomor Pinjaman', pesan: PINJAMAN_SETTLED });
      continue;
    }
    if (input.jenis === 'angsuran' && input.angsuran_ke !== null) {
      const taken = instalments.get(loan.id) ?? new Map<number, number | null>();
      if (taken.has(input.angsuran_ke)) {
        const row = taken.get(input.angsuran_ke);
        masalah.push({
          baris,
          kolom: 'Angsuran Ke',
          pesan: row
            ? imporMessages.sameAsRow(`Angsuran ke-${input.angsuran_ke}`, row)
            : angsuranKeTakenMessage(input.angsuran_ke),
        });
        continue;
      }
      taken.set(input.angsuran_ke, baris);
      instalments.set(loan.id, taken);
    }
    if (input.jenis === 'pelunasan') settled.add(loan.id);
    ready.push({ baris, input });
  }
  return { masalah, ready, sudahAda };
}

async function commitPembayaran(trx: Kysely<DB>, ready: Ready<PaymentReady>[], userId: number, today: string) {
  const loanIds = [...new Set(ready.map((r) => r.input.pinjaman_id))];
  // The loans' earlier history in events first, so that each imported payment gets its own.
  for (let start = 0; start < loanIds.length; start += 500) await ensureLoanEvents(trx, loanIds.slice(start, start + 500), today);
  const ids = await repo.insertPayments(
    trx,
    ready.map(({ input }) => ({
      ...paymentColumns(input),
      diimpor: true,
      impor_kunci: input.impor_kunci,
      created_by: userId,
      updated_by: userId,
    })),
  );
  await countPayments(trx, ids);
  await numberReceipts(trx, ids);
  // Balances, automatic status (lunas), ledger summary and class of every loan paid.
  await moveLoanStatuses(
    trx,
    await postLoanEvents(trx, loanIds, today, { jenis: 'pembayaran', alasan: 'Impor', userId }, { paymentIds: new Set(ids) }),
  );
  return ids.map((id, i): ActivityInput => {
    const input = ready[i]!.input;
    return {
      type: 'pembayaran.create',
      description: `Pembayaran ${paymentLabel(input)} ${formatRupiah(input.jumlah)} pinjaman ${input.nomor_pinjaman} dicatat (impor)`,
      category: 'pembayaran',
      amount: input.jumlah,
      entityType: 'pembayaran',
      entityId: id,
      userId,
    };
  });
}

// ---- The two steps ----

async function check(db: Kysely<DB>, jenis: JenisImpor, sheet: ImporSheet): Promise<Checked<unknown>> {
  const checked =
    jenis === 'nasabah'
      ? await checkNasabah(db, sheet)
      : jenis === 'pinjaman'
        ? await checkPinjaman(db, sheet)
        : await checkPembayaran(db, sheet);
  checked.masalah.sort((a, b) => a.baris - b.baris);
  return checked;
}

/** Every problem of a file, by row (for the downloadable file), and the dry run's answer. */
export async function checkImport(
  db: Kysely<DB>,
  jenis: JenisImpor,
  sheet: ImporSheet,
): Promise<{ periksa: ImporPeriksa; masalah: ImporMasalah[] }> {
  const checked = await check(db, jenis, sheet);
  return {
    masalah: checked.masalah,
    periksa: {
      jenis,
      jumlah_baris: sheet.rows.length,
      baru: checked.ready.length,
      sudah_ada: checked.sudahAda,
      jumlah_masalah: checked.masalah.length,
      masalah: checked.masalah.slice(0, IMPOR_MAX_MASALAH),
    },
  };
}

/**
 * Writes a file without problems in one transaction (checked again inside it): all of its new
 * rows or none. A file with problems is refused (422) with them, and nothing is written.
 * `riwayat`: month-end portfolio rows were dropped, for the caller to start the back-fill again.
 */
export async function commitImport(
  db: Kysely<DB>,
  jenis: JenisImpor,
  sheet: ImporSheet,
  fileName: string,
  userId: number,
  now: Date,
): Promise<{ hasil: ImporHasil; riwayat: boolean }> {
  const today = todayJakarta(now);
  try {
    return await commitInTransaction(db, jenis, sheet, fileName, userId, today);
  } catch (error) {
    // A customer, instalment or payment written by someone else between the check and the write
    // (a unique index refused it): nothing was written; the file is checked again.
    if ((error as { code?: string } | null)?.code === '23505') throw new AppError(409, imporMessages.changedMeanwhile);
    throw error;
  }
}

function commitInTransaction(
  db: Kysely<DB>,
  jenis: JenisImpor,
  sheet: ImporSheet,
  fileName: string,
  userId: number,
  today: string,
) {
  return db.transaction().execute(async (trx) => {
    const checked = await check(trx, jenis, sheet);
    if (checked.masalah.length > 0)
      throw new AppError(
        422,
        imporMessages.hasProblems(checked.masalah.length),
        checked.masalah
          .slice(0, IMPOR_MAX_MASALAH)
          .map((p) => ({ path: `baris ${p.baris}${p.kolom ? `, ${p.kolom}` : ''}`, msg: p.pesan })),
      );
    await massal(trx);
    const activities =
      jenis === 'nasabah'
        ? await commitNasabah(trx, checked.ready as Ready<NasabahCreateInput>[], userId, today)
        : jenis === 'pinjaman'
          ? await commitPinjaman(trx, checked.ready as Ready<LoanReady>[], userId, today)
          : await commitPembayaran(trx, checked.ready as Ready<PaymentReady>[], userId, today);
    await recordActivities(trx, activities);
    // Loans and payments of past months change those month-ends' portfolio: computed again.
    const dates = checked.ready.map((r) => {
      const input = r.input as { tanggal_pinjam?: string; tanggal?: string };
      return jenis === 'pinjaman' ? input.tanggal_pinjam! : input.tanggal!;
    });
    const riwayat =
      jenis !== 'nasabah' &&
      dates.length > 0 &&
      (await forgetHistoryFrom(
        trx,
        dates.reduce((a, b) => (a < b ? a : b)),
        today,
      ));
    await recordActivity(trx, {
      type: `impor.${jenis}`,
      description: `Impor ${jenisImporLabels[jenis].toLowerCase()} dari ${fileName}: ${checked.ready.length.toLocaleString('id-ID')} baris ditambahkan, ${checked.sudahAda.toLocaleString('id-ID')} sudah ada`,
      category: 'other',
      userId,
    });
    return {
      hasil: { jenis, jumlah_baris: sheet.rows.length, ditambahkan: checked.ready.length, sudah_ada: checked.sudahAda },
      riwayat,
    };
  });
}
