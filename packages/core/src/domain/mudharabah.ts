/**
 * Mudharabah (loan tipe `non-pokok`): profit sharing whose amount follows the business's results,
 * with no fixed term (spec §9). All amounts are whole rupiah, rounded half-up. What was returned
 * and what is left is the loan's position (posisi.ts).
 */
import { percentOfRupiah } from './money';

/** Bagi hasil per period = jumlah × persentase / 100, rounded half-up to a whole rupiah. */
export function mudharabahProfitPerPeriod(jumlah: number, persentase: number): number {
  return percentOfRupiah(jumlah, persentase);
}
