/**
 * Murabahah (loan tipe `pokok`): a sale-based financing with a fixed margin per month and fixed
 * monthly instalments (spec §9). All amounts are whole rupiah, rounded half-up.
 */
import { divRoundHalfUp, percentOfRupiah, rupiahToBigInt } from './money';

/** The fixed figures of a Murabahah loan. */
export interface MurabahahFigures {
  /** Months of the instalment plan. */
  durasi: number;
  /** Margin per month = jumlah × persentase / 100, rounded half-up. */
  profitPerMonth: number;
  /** Total margin = profitPerMonth × durasi. */
  totalProfit: number;
  /** Total obligation = jumlah + totalProfit. */
  totalObligation: number;
  /** Monthly instalment = totalObligation / durasi, rounded half-up (`angsuran_per_bulan`). */
  monthlyInstalment: number;
}

/** Whether `durasi` is a usable number of months (a positive integer). */
export function isValidDurasi(durasi: number | null | undefined): durasi is number {
  return typeof durasi === 'number' && Number.isInteger(durasi) && durasi >= 1;
}

function requireDurasi(durasi: number): void {
  if (!isValidDurasi(durasi)) throw new RangeError(`Durasi angsuran tidak valid: ${durasi}`);
}

/** Margin per month = jumlah × persentase / 100, rounded half-up to a whole rupiah. */
export function murabahahProfitPerMonth(jumlah: number, persentase: number): number {
  return percentOfRupiah(jumlah, persentase);
}

/** Total margin = margin per month × durasi (the rounded monthly margin, so both agree). */
export function murabahahTotalProfit(jumlah: number, persentase: number, durasi: number): number {
  requireDurasi(durasi);
  return murabahahProfitPerMonth(jumlah, persentase) * durasi;
}

/** Total obligation = jumlah + total margin. */
export function murabahahTotalObligation(jumlah: number, persentase: number, durasi: number): number {
  return jumlah + murabahahTotalProfit(jumlah, persentase, durasi);
}

/** Monthly instalment = (jumlah + total margin) / durasi, rounded half-up to a whole rupiah. */
export function murabahahMonthlyInstalment(jumlah: number, persentase: number, durasi: number): number {
  const obligation = murabahahTotalObligation(jumlah, persentase, durasi);
  return Number(divRoundHalfUp(rupiahToBigInt(obligation), BigInt(durasi)));
}

/** All fixed figures of a Murabahah loan; throws RangeError when durasi is not a positive integer. */
export function calculateMurabahah(jumlah: number, persentase: number, durasi: number): MurabahahFigures {
  requireDurasi(durasi);
  const profitPerMonth = murabahahProfitPerMonth(jumlah, persentase);
  const totalProfit = profitPerMonth * durasi;
  const totalObligation = jumlah + totalProfit;
  const monthlyInstalment = Number(divRoundHalfUp(rupiahToBigInt(totalObligation), BigInt(durasi)));
  return { durasi, profitPerMonth, totalProfit, totalObligation, monthlyInstalment };
}

/**
 * Add-form preview (spec §9): total profit = jumlah × persentase × months / 100 and instalment =
 * (jumlah + total profit) / months; null until all three inputs are usable. It returns exactly
 * what the loan detail will show (margin rounded per month, see docs/domain.md).
 */
export function previewMurabahah(input: {
  jumlah?: number | null;
  persentase?: number | null;
  durasi?: number | null;
}): MurabahahFigures | null {
  const { jumlah, persentase, durasi } = input;
  if (typeof jumlah !== 'number' || !Number.isFinite(jumlah) || jumlah <= 0) return null;
  if (typeof persentase !== 'number' || !Number.isFinite(persentase) || persentase < 0) return null;
  if (!isValidDurasi(durasi)) return null;
  return calculateMurabahah(jumlah, persentase, durasi);
}

/** `angsuran_per_bulan` of a loan: the monthly instalment for pokok with a durasi, else null. */
export function angsuranPerBulan(loan: {
  tipe: string;
  jumlah: number;
  persentase: number;
  durasi_angsuran?: number | null;
  /** A rescheduled loan's new regular instalment (issue 27 D) replaces the akad's. */
  jadwal_ulang?: { angsuran?: number } | null;
}): number | null {
  if (loan.tipe === 'pokok' && loan.jadwal_ulang?.angsuran !== undefined) return loan.jadwal_ulang.angsuran;
  if (loan.tipe !== 'pokok' || !isValidDurasi(loan.durasi_angsuran)) return null;
  return murabahahMonthlyInstalment(loan.jumlah, loan.persentase, loan.durasi_angsuran);
}
