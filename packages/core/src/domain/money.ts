import type { JenisPembayaran, PaymentAmount } from './types';

/**
 * Whole-rupiah arithmetic.
 *
 * Money is an integer number of rupiah (decisions §3). Percentages are handled as integer basis
 * points (2.00 % = 200 bp) and every product of amount × basis points × months is computed with
 * BigInt, because 10^12 rupiah × 10 000 bp × 360 months is far beyond 2^53.
 */

/** Largest single loan or payment amount the product accepts: Rp 1.000.000.000.000. */
export const MAX_RUPIAH = 1_000_000_000_000;

/** Basis points in 100 %: persentase × 100 = basis points, so 2.00 % is 200 bp. */
export const BASIS_POINTS_PER_UNIT = 10_000n;

/** Divides two BigInts, rounding half away from zero (commercial "half-up" rounding). */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Pembagi tidak boleh nol');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** Rounds a (possibly fractional) rupiah value half away from zero to a whole rupiah, never -0. */
/** floor(x × part / whole) of whole rupiah without leaving the safe integers; 0 when whole is 0. */
export function mulDivFloor(x: number, part: number, whole: number): number {
  return whole === 0 ? 0 : Number((BigInt(x) * BigInt(part)) / BigInt(whole));
}

export function roundRupiah(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.sign(value) * Math.round(Math.abs(value)) + 0;
}

/** Converts a rupiah number to BigInt, rounding it to a whole rupiah first. */
export function rupiahToBigInt(value: number): bigint {
  return BigInt(roundRupiah(value));
}

/** Converts a percentage with at most 2 decimals (2.5 = 2.5 %) to integer basis points (250). */
export function toBasisPoints(persentase: number): number {
  if (!Number.isFinite(persentase)) return 0;
  // Math.round removes binary drift such as 1.15 * 100 = 114.99999999999999.
  return Math.round(persentase * 100) + 0;
}

/** `jumlah × persentase / 100 × times`, exact in BigInt, rounded half-up to a whole rupiah. */
export function percentOfRupiah(jumlah: number, persentase: number, times = 1): number {
  const product = rupiahToBigInt(jumlah) * BigInt(toBasisPoints(persentase)) * BigInt(Math.trunc(times));
  return Number(divRoundHalfUp(product, BASIS_POINTS_PER_UNIT));
}

/** Sums whole-rupiah amounts (exact for totals below 2^53, i.e. about 9 × 10^15). */
export function sumRupiah(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += roundRupiah(value);
  return total;
}

/** Returns the amount, or 0 when it is negative: remaining amounts never go below zero. */
export function atLeastZero(value: number): number {
  return value > 0 ? value : 0;
}

/** `part / whole` as a percentage clamped to 0..100; 0 when `whole` is not positive. */
export function cappedPercent(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  if (part >= whole) return 100;
  return (part / whole) * 100;
}

/** Sums payment amounts, optionally only those whose jenis is in `types`. */
export function sumPayments(payments: readonly PaymentAmount[], types?: readonly JenisPembayaran[]): number {
  const selected = types ? payments.filter((p) => types.includes(p.jenis)) : payments;
  return sumRupiah(selected.map((p) => p.jumlah));
}
