/**
 * Test data of the core's tests: the specification's worked example, Rp 12.000.000 Murabahah at
 * 2 % a month for 12 months granted 2024-01-31: 12 instalments of Rp 1.240.000 (Rp 1.000.000
 * principal + Rp 240.000 margin), margin Rp 2.880.000.
 */
import type { LedgerLoan, LedgerPayment } from './ledger';

export const specMurabahah: LedgerLoan = {
  tipe: 'pokok',
  jumlah: 12_000_000,
  persentase: 2,
  durasi_angsuran: 12,
  tanggal_pinjam: '2024-01-31',
  status: 'aktif',
};

/** A payment as the ledger reads it: an instalment (`angsuran`) unless told. */
export const ledgerPayment = (
  id: number,
  tanggal: string,
  jumlah: number,
  jenis: LedgerPayment['jenis'] = 'angsuran',
  angsuran_ke: number | null = null,
): LedgerPayment => ({ id, tanggal, jumlah, jenis, angsuran_ke });

export const sumOf = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
