import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { normalizeNik } from '@mizan/core';
import type { DB } from './schema';

/** A LIKE pattern matching `term` anywhere, with the LIKE wildcards (and the escape) taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * For a search of digits and spaces, the way a NIK is shown on screen ('3201 2345'): the pattern
 * of its compact form ('3201 2345' → '%32012345%'), which matches the stored digits. Otherwise
 * null (the plain pattern already covers it).
 */
export function compactNikPattern(search: string): string | null {
  if (!/^[\d\s]+$/.test(search)) return null;
  const compact = normalizeNik(search);
  return compact === search ? null : containsPattern(compact);
}

/** The length of the digit grams `search_digit_grams` gives (migration 2026_11_24_0600). */
const DIGIT_GRAM_LENGTH = 5;

/**
 * For a search of digits only, at least five of them: its five-digit substrings as the numbers
 * that `search_digit_grams` (migration 2026_11_24_0600) indexes, each once. Otherwise null.
 */
export function digitGrams(search: string): number[] | null {
  if (!/^[0-9]+$/.test(search) || search.length < DIGIT_GRAM_LENGTH) return null;
  const grams = new Set<number>();
  for (let i = 0; i + DIGIT_GRAM_LENGTH <= search.length; i++) grams.add(Number(search.slice(i, i + DIGIT_GRAM_LENGTH)));
  return [...grams];
}

/**
 * The conditions matching a loan's customer: its copies of the customer's nama and NIK
 * (migration 2026_11_23_1100), case-insensitive, plus the NIK typed with spaces. Shared by the
 * loan and payment searches, so both find the same customers.
 */
export function loanCustomerConditions(eb: ExpressionBuilder<DB, 'pinjaman'>, search: string): Expression<SqlBool>[] {
  const pattern = containsPattern(search);
  const conditions = [eb('pinjaman.nasabah_nama', 'ilike', pattern), eb('pinjaman.nasabah_nik', 'ilike', pattern)];
  const compact = compactNikPattern(search);
  if (compact !== null) conditions.push(eb('pinjaman.nasabah_nik', 'like', compact));
  return conditions;
}

/**
 * The patterns of a search by a person's name or phone number, where numbers are stored as 62…:
 * the name (case-insensitive) or number containing the text, and a number typed the local way
 * (08…, with or without spaces and dashes) also as its 62… form. For the recipients list and the
 * message log.
 */
export function nameOrPhoneCondition<TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: { name: Expression<string | null>; phone: Expression<string> },
  search: string,
): Expression<SqlBool> {
  const conditions = [eb(columns.name, 'ilike', containsPattern(search)), eb(columns.phone, 'like', containsPattern(search))];
  const digits = search.replace(/[\s\-.()+]/g, '');
  if (/^0\d+$/.test(digits)) conditions.push(eb(columns.phone, 'like', `62${digits.slice(1)}%`));
  else if (/^\d+$/.test(digits) && digits !== search) conditions.push(eb(columns.phone, 'like', containsPattern(digits)));
  return eb.or(conditions);
}
