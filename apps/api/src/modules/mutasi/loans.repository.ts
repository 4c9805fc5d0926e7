import { sql, type Kysely } from 'kysely';
import { mutasiPartNames, statusBerjalan, ZERO_PARTS } from '@mizan/core';
import type { Updateable } from 'kysely';
import type { DB, PinjamanRow, PinjamanTable } from '../../db/schema';
import { lockLivingRow } from '../../db/living-rows';
import { livingPaymentsOfLoan } from '../../db/ledger-reads';

// The loan rows and balance columns the money module reads and writes (issue 47): no other module
// writes a loan's balances, its class or its status moved by a payment.

type BalanceColumns = Parameters<typeof setLoanBalance>[2] & { id: number };

/** A living payment as a loan's balance and ledger read it. */
type LivingPaymentRow = Awaited<ReturnType<typeof livingPaymentsOfLoan>>[number];

/**
 * Locks a living loan's row for the rest of the transaction (PostgreSQL), so that concurrent
 * payments on one loan are applied one after another. Under PGlite every transaction already
 * runs alone on its single connection. Returns the loan, or undefined when it does not exist.
 */
export function lockLoan(trx: Kysely<DB>, pinjamanId: number) {
  return lockLivingRow(trx, 'pinjaman', pinjamanId);
}

/**
 * A living loan's row locked for a money write, with whether it holds events yet (a loan recorded
 * before the money module may not): one round trip where a payment used to take two.
 */
export async function lockLoanWithEvents(trx: Kysely<DB>, pinjamanId: number) {
  const { rows } = await sql<PinjamanRow & { punya_mutasi: boolean }>`
    select p.*, exists (select 1 from mutasi_pinjaman m where m.pinjaman_id = p.id) as punya_mutasi
    from pinjaman p where p.id = ${pinjamanId} and p.deleted_at is null for update of p`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  const { punya_mutasi, ...loan } = row;
  return { loan: loan as PinjamanRow, punyaMutasi: punya_mutasi };
}

/**
 * A locked loan's living payments (as `livingPaymentsOf` reads them) and the sums of its events, in
 * one statement: a new payment reads both once. Read after the lock, in a statement of its own, so
 * that on PostgreSQL it sees what a payment committed while this one waited for the lock.
 */
export async function paymentsAndPostedOf(trx: Kysely<DB>, pinjamanId: number) {
  const sums = sql.join(mutasiPartNames.map((name) => sql`coalesce(sum(m.${sql.ref(name)}), 0)::bigint`));
  const { rows } = await sql<{ payments: LivingPaymentRow[]; sums: (string | number | bigint)[] }>`
    select
      (select coalesce(json_agg(json_build_object('id', b.id, 'tanggal', b.tanggal, 'jenis', b.jenis, 'jumlah', b.jumlah,
                 'angsuran_ke', b.angsuran_ke) order by b.tanggal, b.id), '[]'::json)
         from pembayaran b where b.pinjaman_id = ${pinjamanId} and b.deleted_at is null) as payments,
      (select array[${sums}] from mutasi_pinjaman m where m.pinjaman_id = ${pinjamanId}) as sums`.execute(trx);
  const row = rows[0]!;
  const posted = { ...ZERO_PARTS };
  mutasiPartNames.forEach((name, i) => (posted[name] = Number(row.sums[i])));
  return { payments: row.payments, posted };
}

/** A living loan's row, or undefined (read, not locked). */
export function findLivingLoanRow(db: Kysely<DB>, pinjamanId: number) {
  return db.selectFrom('pinjaman').selectAll().where('id', '=', pinjamanId).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findLoanRow(trx: Kysely<DB>, pinjamanId: number) {
  return trx.selectFrom('pinjaman').selectAll().where('id', '=', pinjamanId).executeTakeFirstOrThrow();
}

/** A loan's living payments as its balance and ledger read them. */
export const livingPaymentsOf = (trx: Kysely<DB>, pinjamanId: number) => livingPaymentsOfLoan(trx, pinjamanId);

/** Loan rows by id (an import's batch). */
export function findLoanRows(trx: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx.selectFrom('pinjaman').selectAll().where('id', 'in', ids).execute();
}

/** The living payments of the given loans, as their balances and ledgers read them. */
export { livingPaymentsOfLoans } from '../../db/ledger-reads';

/** The living Murabahah loans not lunas: those whose stored principal and margin left a payment split can move. */
export async function runningMurabahahIds(trx: Kysely<DB>): Promise<number[]> {
  const rows = await trx
    .selectFrom('pinjaman')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('tipe', '=', 'pokok')
    .where('status', '<>', 'lunas')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Writes the maintained fields of many loans in one statement (a VALUES list joined on id). */
export async function setLoanBalances(trx: Kysely<DB>, rows: readonly BalanceColumns[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::integer, ${r.sisa_pokok}::bigint, ${r.sisa_margin}::bigint, ${r.total_pembayaran}::bigint, ${r.angsuran_per_bulan ?? null}::bigint,
          ${r.status}::text, ${r.hari_tunggakan}::integer, ${r.kolektibilitas}::smallint, ${r.tunggakan_pokok}::bigint,
          ${r.tunggakan_margin}::bigint, ${r.tunggakan_bagi_hasil}::bigint, ${r.tunggakan_total}::bigint,
          ${r.angsuran_tertunggak}::integer, ${r.jatuh_tempo_tertua ?? null}::date, ${r.jatuh_tempo_berikutnya ?? null}::date,
          ${r.jumlah_berikutnya ?? null}::bigint, ${r.ledger_tanggal}::date)`,
    ),
  );
  await sql`
    update pinjaman set
      sisa_pokok = v.sisa_pokok, sisa_margin = v.sisa_margin, total_pembayaran = v.total_pembayaran, angsuran_per_bulan = v.angsuran_per_bulan,
      status = v.status, hari_tunggakan = v.hari, kolektibilitas = v.kelas, tunggakan_pokok = v.pokok,
      tunggakan_margin = v.margin, tunggakan_bagi_hasil = v.bagi_hasil, tunggakan_total = v.total,
      angsuran_tertunggak = v.angsuran, jatuh_tempo_tertua = v.tertua, jatuh_tempo_berikutnya = v.berikutnya,
      jumlah_berikutnya = v.jumlah_berikutnya, ledger_tanggal = v.ledger_tanggal, updated_at = now()
    from (values ${values}) as v(id, sisa_pokok, sisa_margin, total_pembayaran, angsuran_per_bulan, status, hari, kelas, pokok, margin,
      bagi_hasil, total, angsuran, tertua, berikutnya, jumlah_berikutnya, ledger_tanggal)
    where pinjaman.id = v.id`.execute(trx);
}

export async function setLoanBalance(
  trx: Kysely<DB>,
  pinjamanId: number,
  values: Pick<
    Updateable<PinjamanTable>,
    | 'sisa_pokok'
    | 'sisa_margin'
    | 'total_pembayaran'
    | 'angsuran_per_bulan'
    | 'status'
    | 'hari_tunggakan'
    | 'kolektibilitas'
    | 'tunggakan_pokok'
    | 'tunggakan_margin'
    | 'tunggakan_bagi_hasil'
    | 'tunggakan_total'
    | 'angsuran_tertunggak'
    | 'jatuh_tempo_tertua'
    | 'jatuh_tempo_berikutnya'
    | 'jumlah_berikutnya'
    | 'ledger_tanggal'
  >,
) {
  await trx
    .updateTable('pinjaman')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', pinjamanId)
    .execute();
}

/** The running (aktif, macet), living loans of the given customers, with their days past due and class. */
export function runningLoansOfCustomers(trx: Kysely<DB>, nasabahIds: readonly number[]) {
  if (nasabahIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('pinjaman')
    .select(['id', 'nasabah_id', 'hari_tunggakan', 'kolektibilitas', 'status'])
    .where('nasabah_id', 'in', nasabahIds)
    .where('deleted_at', 'is', null)
    .where('status', 'in', statusBerjalan)
    .execute();
}

/** The next customers after `afterId` with more than one running, living loan (by id). */
export async function customersWithSeveralRunningLoans(trx: Kysely<DB>, afterId: number, limit: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('pinjaman')
    .select('nasabah_id')
    .where('nasabah_id', '>', afterId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', statusBerjalan)
    .groupBy('nasabah_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .orderBy('nasabah_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.nasabah_id);
}

/** Sets the class of each given loan (one statement). */
export async function setClasses(trx: Kysely<DB>, classes: readonly { id: number; kolektibilitas: number }[]) {
  if (classes.length === 0) return;
  const values = sql.join(classes.map((c) => sql`(${c.id}::integer, ${c.kolektibilitas}::smallint)`));
  await sql`update pinjaman set kolektibilitas = v.kelas from (values ${values}) as v(id, kelas) where pinjaman.id = v.id`.execute(
    trx,
  );
}

/**
 * Marks a loan written off (hapus buku): its status, the day, and the last payment the write-off
 * counts (the payments recorded after it are recoveries).
 */
export async function setHapusBuku(trx: Kysely<DB>, pinjamanId: number, tanggal: string, userId: number) {
  const last = await trx
    .selectFrom('pembayaran')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('pinjaman_id', '=', pinjamanId)
    .executeTakeFirst();
  await trx
    .updateTable('pinjaman')
    .set({
      status: 'hapus_buku',
      hapus_buku_tanggal: tanggal,
      hapus_buku_pembayaran_id: last?.id ?? null,
      updated_by: userId,
      updated_at: new Date(),
    })
    .where('id', '=', pinjamanId)
    .execute();
}
