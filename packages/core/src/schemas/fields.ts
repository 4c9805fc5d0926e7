/**
 * Field builders shared by the resource schemas. Every numeric field accepts a JSON number or a
 * numeric string (multipart bodies, querystrings, form inputs) and turns '', null and NaN into
 * "missing", so one schema serves the browser form and the server request.
 */
import { z } from './zod';
import { isIsoDate, MAX_DATE_YEAR, MIN_DATE_YEAR, parseIsoDate } from '../domain/calendar';
import { messages } from '../messages';

/** What a numeric form field or request value may arrive as. */
export type NumberInput = number | string | null | undefined;

/** Largest id accepted (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/**
 * Converts a numeric input: '' / whitespace / null / NaN → undefined (missing), '12' → 12,
 * '2,5' → 2.5 when `decimalComma`; any other string is passed on for the number check to reject.
 */
export function toNumberInput(value: unknown, decimalComma = false): unknown {
  if (value === null) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  if (DECIMAL.test(text)) return Number(text);
  if (decimalComma && DECIMAL_COMMA.test(text)) return Number(text.replace(',', '.'));
  return value;
}

/** A required number: `required` when missing, `notNumber` when not numeric. */
export function numberField(required: string, notNumber: string, decimalComma = false) {
  return z.preprocess(
    (value: NumberInput) => toNumberInput(value, decimalComma),
    z.number({ error: (issue) => (issue.input === undefined ? required : notNumber) }),
  );
}

/** An optional number: missing → null. */
export function optionalNumberField(notNumber: string) {
  return z
    .preprocess((value: NumberInput) => toNumberInput(value) ?? null, z.number({ error: notNumber }).nullable())
    .optional()
    .transform((value) => value ?? null);
}

/** A validation rule: the value passes when `test` holds, otherwise `message` is reported. */
export type Rule<T> = readonly [test: (value: T) => boolean, message: string];

/**
 * A check reporting only the message of the first failing rule, so a field never shows two
 * messages at once. (Zod's `abort` would also stop cross-field refinements, which must still run.)
 */
export function firstFailing<T>(rules: readonly Rule<T>[]) {
  return (ctx: z.core.ParsePayload<T>): void => {
    const failed = rules.find(([test]) => !test(ctx.value));
    if (failed) ctx.issues.push({ code: 'custom', message: failed[1], input: ctx.value });
  };
}

/** A positive integer id (`nasabah_id`, `pinjaman_id`…): `required` when missing or not ≥ 1. */
export function idField(required: string) {
  return z.preprocess(
    (value: NumberInput) => toNumberInput(value),
    z.number({ error: required }).check(
      firstFailing<number>([
        [(v) => Number.isInteger(v) && v >= 1, required],
        [(v) => v <= MAX_ID, messages.common.idInvalid],
      ]),
    ),
  );
}

/** An optional id: missing, '' or null → null; otherwise a positive integer id (`invalid` when not). */
export function optionalIdField(invalid: string) {
  return z
    .preprocess(
      (value: NumberInput) => toNumberInput(value) ?? null,
      z
        .number({ error: invalid })
        .check(firstFailing<number>([[(v) => Number.isInteger(v) && v >= 1 && v <= MAX_ID, invalid]]))
        .nullable(),
    )
    .optional()
    .transform((value) => value ?? null);
}

/** A whole-rupiah amount > 0 and ≤ `max`. */
export function rupiahField(m: { positive: string; notNumber: string; integer: string; max: string }, max: number) {
  return numberField(m.positive, m.notNumber).check(
    firstFailing<number>([
      [(v) => v > 0, m.positive],
      [(v) => Number.isInteger(v), m.integer],
      [(v) => v <= max, m.max],
    ]),
  );
}

/** Texts must not contain NUL: PostgreSQL cannot store it (it would end in a 500). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
export const NO_NUL = /^[^\u0000]*$/;

/** A required trimmed text with a maximum length. */
export function textField(required: string, max: number, maxMessage: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required) // an empty value never also exceeds the maximum: one message at a time
    .max(max, maxMessage)
    .regex(NO_NUL, messages.common.textNulChar);
}

/** An optional trimmed text with a maximum length: missing or blank → null. */
export function optionalTextField(max: number, maxMessage: string) {
  return z
    .string({ error: messages.common.textInvalid })
    .trim()
    .max(max, maxMessage)
    .regex(NO_NUL, messages.common.textNulChar)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** The Indonesian message for a date string that is not a real `YYYY-MM-DD` date in 1900–2100. */
export function isoDateError(value: string): string | null {
  if (!isIsoDate(value)) return messages.common.dateInvalid;
  const year = parseIsoDate(value)?.year ?? 0;
  return year < MIN_DATE_YEAR || year > MAX_DATE_YEAR ? messages.common.dateOutOfRange : null;
}

function checkIsoDate(ctx: z.core.ParsePayload<string>): void {
  if (ctx.value === '') return; // reported as "required"
  const error = isoDateError(ctx.value);
  if (error) ctx.issues.push({ code: 'custom', message: error, input: ctx.value });
}

/** A required calendar date `YYYY-MM-DD`. */
export function dateField(required: string) {
  return z.string({ error: required }).trim().min(1, required).check(checkIsoDate);
}

/** An optional calendar date `YYYY-MM-DD`: missing or blank → null. */
export function optionalDateField() {
  return z
    .string({ error: messages.common.dateInvalid })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.string().check(checkIsoDate).nullable());
}

/** An enum whose missing or unknown value gets `message`. */
export function enumField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}
