import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  jakartaInstant,
  nextJakartaTime,
  addDays,
  addMonths,
  currentMonthYearJakarta,
  daysInMonth,
  isIsoDate,
  isLeapYear,
  lastMonthsJakarta,
  monthDateRange,
  monthsEndingWith,
  parseIsoDate,
  previousMonth,
  todayJakarta,
  yearOptions,
} from './calendar';

describe('calendar basics', () => {
  it.each([
    [2024, true],
    [2023, false],
    [2000, true],
    [1900, false],
    [2100, false],
  ])('isLeapYear(%s) = %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2024, 4, 30],
    [2024, 12, 31],
    [2024, 1, 31],
  ])('daysInMonth(%s, %s) = %s', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2023-02-29', null],
    ['2024-04-31', null],
    ['2024-13-01', null],
    ['2024-00-10', null],
    ['2024-1-01', null],
    ['2024-01-01T00:00:00Z', null],
    ['', null],
  ])('parseIsoDate(%j)', (text, expected) => {
    expect(parseIsoDate(text)).toEqual(expected);
    expect(isIsoDate(text)).toBe(expected !== null);
  });

  it('isIsoDate rejects non-strings', () => {
    expect(isIsoDate(20240101)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('addMonths (month-end aware)', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-29'], // leap year
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-01-31', 2, '2024-03-31'], // computed from the start date, not chained
    ['2024-03-31', 1, '2024-04-30'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2024-12-15', 1, '2025-01-15'],
    ['2024-11-30', 3, '2025-02-28'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2024-01-15', 0, '2024-01-15'],
    ['2099-12-31', 360, '2129-12-31'],
  ])('%s + %s months = %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it('throws on an invalid date', () => {
    expect(() => addMonths('2024-02-30', 1)).toThrow(RangeError);
  });

  it('always gives a valid date in the right month, never a later day', () => {
    const dates = fc
      .record({
        year: fc.integer({ min: 1900, max: 2100 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 31 }),
      })
      .filter(({ year, month, day }) => day <= daysInMonth(year, month));
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 600 }), (d, months) => {
        const start = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
        const result = parseIsoDate(addMonths(start, months));
        expect(result).not.toBeNull();
        if (!result) return;
        expect((result.year - d.year) * 12 + (result.month - d.month)).toBe(months);
        expect(result.day).toBe(Math.min(d.day, daysInMonth(result.year, result.month)));
      }),
    );
  });
});

describe('today in Asia/Jakarta (UTC+7)', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it.each([
    ['2024-01-31T16:59:59Z', '2024-01-31'],
    ['2024-01-31T17:00:00Z', '2024-02-01'],
    ['2023-12-31T17:00:00Z', '2024-01-01'],
    ['2024-02-28T18:00:00Z', '2024-02-29'],
  ])('%s is %s in Jakarta', (instant, expected) => {
    expect(todayJakarta(new Date(instant))).toBe(expected);
  });

  it('does not depend on the process time zone', () => {
    const instant = new Date('2023-12-31T17:30:00Z');
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Jakarta']) {
      process.env.TZ = tz;
      expect(todayJakarta(instant)).toBe('2024-01-01');
      expect(currentMonthYearJakarta(instant)).toEqual({ month: 1, year: 2024 });
    }
  });

  it('gives the current month and the previous one', () => {
    expect(currentMonthYearJakarta(new Date('2024-03-31T17:00:00Z'))).toEqual({ month: 4, year: 2024 });
    expect(previousMonth({ month: 1, year: 2024 })).toEqual({ month: 12, year: 2023 });
    expect(previousMonth({ month: 7, year: 2024 })).toEqual({ month: 6, year: 2024 });
  });

  it('gives month ranges and year options', () => {
    expect(monthDateRange(2024, 2)).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthDateRange(2023, 12)).toEqual({ first: '2023-12-01', last: '2023-12-31' });
    expect(yearOptions(new Date('2025-06-01T00:00:00Z'))).toEqual([2023, 2024, 2025, 2026, 2027]);
    expect(yearOptions(new Date('2024-12-31T18:00:00Z'), 1)).toEqual([2024, 2025, 2026]);
  });
});

describe('lastMonthsJakarta', () => {
  it('lists twelve months oldest first, across a year boundary, in Jakarta time', () => {
    // 2026-01-31 18:00 UTC is already 1 February 2026 in Jakarta.
    const months = lastMonthsJakarta(12, new Date('2026-01-31T18:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: 3, year: 2025 });
    expect(months[10]).toEqual({ month: 1, year: 2026 });
    expect(months[11]).toEqual({ month: 2, year: 2026 });
  });
});

describe('addDays', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-01-15', 0, '2026-01-15'],
    ['2026-01-15', 365, '2027-01-15'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('nextJakartaTime', () => {
  it('is 00:05 in Jakarta (17:05 UTC the day before), today or tomorrow, across a month and a year end', () => {
    expect(nextJakartaTime(new Date('2024-02-29T16:00:00Z'), 0, 5).toISOString()).toBe('2024-02-29T17:05:00.000Z');
    expect(nextJakartaTime(new Date('2024-02-29T17:05:00Z'), 0, 5).toISOString()).toBe('2024-03-01T17:05:00.000Z');
    expect(nextJakartaTime(new Date('2025-12-31T17:04:59Z'), 0, 5).toISOString()).toBe('2025-12-31T17:05:00.000Z');
    expect(jakartaInstant('2026-01-01', 0, 0).toISOString()).toBe('2025-12-31T17:00:00.000Z');
  });
});

describe('monthsEndingWith', () => {
  it('lists the months up to and including the last, across a year end', () => {
    expect(monthsEndingWith('2024-02', 4)).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(monthsEndingWith('2024-12', 1)).toEqual(['2024-12']);
  });

  it('gives `count` consecutive months ending with `last`, for any month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 36 }),
        (year, month, count) => {
          const last = `${year}-${String(month).padStart(2, '0')}`;
          const months = monthsEndingWith(last, count);
          expect(months).toHaveLength(count);
          expect(months.at(-1)).toBe(last);
          for (let i = 1; i < months.length; i++) {
            const [py, pm] = months[i - 1]!.split('-').map(Number) as [number, number];
            const [y, m] = months[i]!.split('-').map(Number) as [number, number];
            expect(y * 12 + m - (py * 12 + pm)).toBe(1);
          }
        },
      ),
    );
  });
});
