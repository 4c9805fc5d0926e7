/** Loans and paid instalments for the tests of what happens to a running Murabahah (settlement, rescheduling). */
import type { LedgerLoan, LedgerPayment } from './ledger';
import { buildMurabahahSchedule } from './schedule';

/** A running Murabahah of 12 months granted 2024-01-15, of `jumlah` at `persentase` unless `over` says otherwise. */
export const murabahahLoanOf =
  (defaults: Pick<LedgerLoan, 'jumlah' | 'persentase'>) =>
  (over: Partial<LedgerLoan> = {}): LedgerLoan => ({
    tipe: 'pokok',
    ...defaults,
    durasi_angsuran: 12,
    tanggal_pinjam: '2024-01-15',
    status: 'aktif',
    ...over,
  });

/** The first `count` instalments of the loan's schedule paid in full on their due dates. */
export const instalmentsPaid = (loan: LedgerLoan, count: number): LedgerPayment[] =>
  buildMurabahahSchedule({ ...loan, durasi_angsuran: loan.durasi_angsuran! })
    .slice(0, count)
    .map((line) => ({
      id: line.angsuran_ke,
      tanggal: line.jatuh_tempo,
      jenis: 'angsuran',
      jumlah: line.jumlah,
      angsuran_ke: line.angsuran_ke,
    }));
