/** NIK (Nomor Induk Kependudukan, the 16-digit Indonesian identity number) helpers. */
import { messages } from '../messages';

/** Length of a NIK (decisions §3: exactly 16 digits). */
export const NIK_LENGTH = 16;

/** Removes whitespace from a typed or pasted NIK ('3201 2345 6789 0001' → '3201234567890001'). */
export function normalizeNik(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Whether the value is exactly 16 digits. */
export function isValidNik(value: string): boolean {
  return /^\d{16}$/.test(value);
}

/** Groups a NIK in fours for display: '3201234567890001' → '3201 2345 6789 0001'; '' when empty. */
export function formatNik(value: string | null | undefined): string {
  const compact = normalizeNik(value ?? '');
  return compact.match(/.{1,4}/g)?.join(' ') ?? '';
}

/**
 * The NIK rule (spec §5, decisions §3): required, digits only, exactly 16 digits (whitespace is
 * ignored). Returns the Indonesian message, or null when valid.
 */
export function nikError(value: string | null | undefined): string | null {
  const compact = normalizeNik(value ?? '');
  if (compact === '') return messages.nasabah.nikRequired;
  if (!/^\d+$/.test(compact)) return messages.nasabah.nikDigits;
  if (compact.length < NIK_LENGTH) return messages.nasabah.nikMin;
  if (compact.length > NIK_LENGTH) return messages.nasabah.nikMax;
  return null;
}
