/**
 * Calendar dates as `YYYY-MM-DD` strings (decisions §3) and "today" in Asia/Jakarta.
 * No function here depends on the process time zone.
 */

/** The time zone in which "today", "this month" and "this year" are taken. */
export const BUSINESS_TIME_ZONE = 'Asia/Jakarta';

/** Earliest and latest year accepted in a date field. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2100;

/** A calendar date split into its parts (month 1–12). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A month of a year (month 1–12). */
export interface MonthYear {
  month: number;
  year: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `year` is a Gregorian leap year. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses a `YYYY-MM-DD` string that is a real calendar date; null otherwise. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Whether the value is a `YYYY-MM-DD` string naming a real calendar date. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parseIsoDate(value) !== null;
}

/** Formats calendar parts as `YYYY-MM-DD`. */
export function toIsoDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/**
 * Adds whole months to a `YYYY-MM-DD` date, keeping the day but clamping it to the target month's
 * last day (31 Jan + 1 month = 28/29 Feb); throws RangeError on an invalid date.
 */
export function addMonths(date: string, months: number): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Tanggal tidak valid: ${date}`);
  const monthIndex = parsed.year * 12 + (parsed.month - 1) + Math.trunc(months);
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return toIsoDate({ year, month, day: Math.min(parsed.day, daysInMonth(year, month)) });
}

let jakartaFormatter: Intl.DateTimeFormat | undefined;

/** The calendar date of an instant in Asia/Jakarta. */
export function jakartaDateParts(now: Date = new Date()): CalendarDate {
  jakartaFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = jakartaFormatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Today's date in Asia/Jakarta as `YYYY-MM-DD`, whatever the process time zone. */
export function todayJakarta(now: Date = new Date()): string {
  return toIsoDate(jakartaDateParts(now));
}

/** The current month and year in Asia/Jakarta. */
export function currentMonthYearJakarta(now: Date = new Date()): MonthYear {
  const { year, month } = jakartaDateParts(now);
  return { month, year };
}

/** The month before the given one ("Bulan Lalu"): January goes back to December of last year. */
export function previousMonth({ month, year }: MonthYear): MonthYear {
  return month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
}

/** First and last calendar day (inclusive, `YYYY-MM-DD`) of a month, for period filters. */
export function monthDateRange(year: number, month: number): { first: string; last: string } {
  return {
    first: toIsoDate({ year, month, day: 1 }),
    last: toIsoDate({ year, month, day: daysInMonth(year, month) }),
  };
}

/** Year choices of the payment period picker: the current Jakarta year ± `span` (spec: ± 2). */
export function yearOptions(now: Date = new Date(), span = 2): number[] {
  const { year } = jakartaDateParts(now);
  const years: number[] = [];
  for (let y = year - span; y <= year + span; y += 1) years.push(y);
  return years;
}

/** The `count` calendar months ending with the current Jakarta month, oldest first. */
export function lastMonthsJakarta(count: number, now: Date = new Date()): MonthYear[] {
  const months: MonthYear[] = [currentMonthYearJakarta(now)];
  while (months.length < count) months.unshift(previousMonth(months[0]!));
  return months;
}

/** The calendar date `days` days after (or before, when negative) a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new Error(`Tanggal tidak valid: ${date}`);
  const utc = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + days));
  return utc.toISOString().slice(0, 10);
}

/** Whole days from one 'YYYY-MM-DD' date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new RangeError(`Tanggal tidak valid: ${a ? to : from}`);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** Asia/Jakarta is UTC+7 all year (no daylight saving since 1964). */
const JAKARTA_OFFSET_HOURS = 7;

/** The instant of `hour:minute` in Jakarta on the calendar date `date`. */
export function jakartaInstant(date: string, hour: number, minute: number): Date {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Tanggal tidak valid: ${date}`);
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day, hour - JAKARTA_OFFSET_HOURS, minute));
}

/** The next instant, strictly after `now`, at which it is `hour:minute` in Jakarta. */
export function nextJakartaTime(now: Date, hour: number, minute: number): Date {
  const today = jakartaInstant(todayJakarta(now), hour, minute);
  return today.getTime() > now.getTime() ? today : jakartaInstant(addDays(todayJakarta(now), 1), hour, minute);
}

/** The `count` calendar months (`YYYY-MM`) ending with `last` (`YYYY-MM`), oldest first. */
export function monthsEndingWith(last: string, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) months.push(addMonths(`${last}-01`, -back).slice(0, 7));
  return months;
}
