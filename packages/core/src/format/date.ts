/** Dates shown in the id-ID locale (spec §9). */
import { BUSINESS_TIME_ZONE, parseIsoDate } from '../domain/calendar';

/** Indonesian month names, January first (for month pickers and labels). */
export const monthNames = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('id-ID', options);
    formatters.set(key, f);
  }
  return f;
}

/**
 * Turns a calendar date ('YYYY-MM-DD') or an instant (Date or ISO timestamp) into the instant to
 * format and the zone to format it in: calendar dates are shown as written, instants in Jakarta.
 */
function toInstant(value: string | Date | null | undefined): { date: Date; timeZone: string } | null {
  if (value == null || value === '') return null;
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      // A calendar date: shown as written, and never rolled over ('2024-02-30' is not 1 March).
      const calendar = parseIsoDate(value);
      if (!calendar) return null;
      return { date: new Date(Date.UTC(calendar.year, calendar.month - 1, calendar.day)), timeZone: 'UTC' };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, timeZone: BUSINESS_TIME_ZONE };
}

/** `value` in the id-ID `style` named `name` (a calendar date as written, an instant in Jakarta); '-' when empty or invalid. */
function formatInstant(value: string | Date | null | undefined, name: string, style: Intl.DateTimeFormatOptions): string {
  const instant = toInstant(value);
  if (!instant) return '-';
  return formatter(`${name}-${instant.timeZone}`, { ...style, timeZone: instant.timeZone }).format(instant.date);
}

/** Long id-ID date: '2024-01-31' → '31 Januari 2024'; '-' when empty or invalid. */
export function formatDateLong(value: string | Date | null | undefined): string {
  return formatInstant(value, 'long', { dateStyle: 'long' });
}

/** Short id-ID date: '2024-01-31' → '31/01/2024'; '-' when empty or invalid. */
export function formatDateShort(value: string | Date | null | undefined): string {
  return formatInstant(value, 'short', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** Date and time in Jakarta: '2024-01-31T07:05:00Z' → '31 Januari 2024 pukul 14.05'; '-' when empty. */
export function formatDateTime(value: string | Date | null | undefined): string {
  return formatInstant(value, 'datetime', { dateStyle: 'long', timeStyle: 'short' });
}

/** A month's name in three letters for chart axes: 1 → 'Jan', 8 → 'Agu'. */
export function shortMonthName(month: number): string {
  return monthNames[month - 1]?.slice(0, 3) ?? String(month);
}

/** Month label: (1, 2024) → 'Januari 2024'. */
export function formatMonthYear(month: number, year: number): string {
  return `${monthNames[month - 1] ?? ''} ${year}`.trim();
}

/** A month written `YYYY-MM` as a label: '2024-06' → 'Juni 2024' (the reports' months). */
export function formatBulan(bulan: string): string {
  return formatMonthYear(Number(bulan.slice(5, 7)), Number(bulan.slice(0, 4)));
}

/** The time of an instant in Jakarta: '2024-01-31T07:05:00Z' → '14.05'; '-' when empty or invalid. */
export function formatTimeJakarta(value: string | Date | null | undefined): string {
  return formatInstant(value, 'time', { timeStyle: 'short' });
}
