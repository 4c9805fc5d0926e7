/** The amount input of the loan and payment forms: digits only, shown as 'Rp 12.000.000'. */
import { formatRupiah } from './rupiah';

/** Most digits the amount input keeps (10^15 − 1 is above any accepted amount and below 2^53). */
export const AMOUNT_INPUT_MAX_DIGITS = 15;

/**
 * Reads what was typed in an amount input keeping digits only ('Rp 12.000.000' → 12000000);
 * null when there is no digit. Digits beyond the 15th are dropped.
 */
export function parseAmountInput(text: string | null | undefined): number | null {
  const digits = (text ?? '').replace(/\D/g, '').slice(0, AMOUNT_INPUT_MAX_DIGITS);
  return digits === '' ? null : Number(digits);
}

/** Shows an amount in the input as 'Rp 12.000.000'; '' for null, undefined or NaN. */
export function formatAmountInput(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return formatRupiah(value);
}
