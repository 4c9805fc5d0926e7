/**
 * What a CSV cell holds as text, so that a spreadsheet opening the file neither runs it nor changes
 * it (issue 54). A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` (or a tab or
 * carriage return before one) as a formula (OWASP, "CSV Injection"); it reads an identifier made of
 * digits (a NIK, a phone number) as a number, so that 3201234567890123 becomes 3,20123E+15 and
 * 081234567890 loses its 0. Both get a leading apostrophe, the spreadsheets' own mark for "this is
 * text"; a text that itself starts with one gets another, so that reading one apostrophe off gives
 * back exactly what was written (`csvTextRead`, used by the import).
 */

/** A spreadsheet starts a formula at these (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** An identifier a spreadsheet would read as a number or a date. */
const NUMBER_START = /^[0-9+]/;
const MARK = "'";

/** `text` as a CSV cell; `identifier` for codes a spreadsheet must keep digit for digit (NIK, phone, loan and receipt numbers). */
export function csvText(text: string, identifier = false): string {
  if (FORMULA_START.test(text) || text.startsWith(MARK) || (identifier && NUMBER_START.test(text))) return MARK + text;
  return text;
}

/** A CSV cell as the text it was written from: one leading apostrophe (the text mark) read off. */
export const csvTextRead = (cell: string): string => (cell.startsWith(MARK) ? cell.slice(MARK.length) : cell);
