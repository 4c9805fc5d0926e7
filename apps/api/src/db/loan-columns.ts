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
