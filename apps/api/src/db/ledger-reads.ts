import type { Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * The loan columns core's ledger reads (`LedgerLoan`: terms, a rescheduled schedule, status), for the
 * select lists of every query whose rows go to `loanLedger`, `loanPosition` and the like.
 */
const ledgerColumns = ['tipe', 'jumlah', 'persentase', 'durasi_angsuran', 'jadwal_ulang', 'tanggal_pinjam', 'status'] as const;

type LedgerColumn = (typeof ledgerColumns)[number];

/** Those columns of `pinjaman` read without a table name. */
export const ledgerLoanColumns: readonly LedgerColumn[] = ledgerColumns;

/** Those columns under a table name or alias: `ledgerLoanColumnsOf('p')` is `p.tipe`, `p.jumlah`, … */
export function ledgerLoanColumnsOf<T extends string>(table: T): readonly `${T}.${LedgerColumn}`[] {
  return ledgerColumns.map((column) => `${table}.${column}` as const);
}

/** One loan's living payments with the columns its ledger reads, by date and then as recorded. */
export function livingPaymentsOfLoan(db: Kysely<DB>, pinjamanId: number) {
  return db
    .selectFrom('pembayaran')
    .select(['id', 'tanggal', 'jenis', 'jumlah', 'angsuran_ke'])
    .where('pinjaman_id', '=', pinjamanId)
    .where('deleted_at', 'is', null)
    .orderBy('tanggal')
    .orderBy('id')
    .execute();
}

/**
 * The living payments of the given loans (dated by `until` when given) with the columns core's
 * ledger reads (`LedgerPayment`) and the loan each is on.
 */
export function livingPaymentsOfLoans(db: Kysely<DB>, loanIds: readonly number[], until?: string) {
  if (loanIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pembayaran')
    .select(['id', 'pinjaman_id', 'tanggal', 'jumlah', 'jenis', 'angsuran_ke'])
    .where('pinjaman_id', 'in', loanIds)
    .where('deleted_at', 'is', null)
    .$if(until !== undefined, (qb) => qb.where('tanggal', '<=', until!))
    .execute();
}
