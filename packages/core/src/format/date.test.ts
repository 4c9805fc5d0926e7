import { describe, expect, it } from 'vitest';
import {
  formatDateLong,
  formatDateShort,
  formatDateTime,
  formatBulan,
  formatMonthYear,
  formatTimeJakarta,
  monthNames,
  shortMonthName,
} from './date';

describe('id-ID dates', () => {
  it.each([
    ['2024-01-31', '31 Januari 2024', '31/01/2024'],
    ['2024-02-29', '29 Februari 2024', '29/02/2024'],
    ['2023-12-01', '1 Desember 2023', '01/12/2023'],
    ['2024-08-17', '17 Agustus 2024', '17/08/2024'],
  ])('%s → %j / %j', (value, long, short) => {
    expect(formatDateLong(value)).toBe(long);
    expect(formatDateShort(value)).toBe(short);
  });

  it('shows timestamps in Jakarta time', () => {
    // 17:30 UTC is already the next day in Jakarta (UTC+7).
    expect(formatDateLong('2024-01-31T17:30:00Z')).toBe('1 Februari 2024');
    expect(formatDateShort(new Date('2024-01-31T17:30:00Z'))).toBe('01/02/2024');
    expect(formatDateTime('2024-01-31T07:05:00Z')).toBe('31 Januari 2024 pukul 14.05');
  });

  it.each([[null], [undefined], [''], ['bukan tanggal'], ['2024-02-30']])('shows a dash for %j', (value) => {
    expect(formatDateLong(value)).toBe('-');
    expect(formatDateShort(value)).toBe('-');
    expect(formatDateTime(value)).toBe('-');
  });

  it('names the months in Indonesian', () => {
    expect(monthNames).toHaveLength(12);
    expect(monthNames[4]).toBe('Mei');
    expect(formatMonthYear(2, 2024)).toBe('Februari 2024');
    expect([1, 8, 12].map(shortMonthName)).toEqual(['Jan', 'Agu', 'Des']);
    expect(formatMonthYear(12, 2023)).toBe('Desember 2023');
    // A report's month written YYYY-MM.
    expect(formatBulan('2024-06')).toBe('Juni 2024');
    expect(formatBulan('2023-12')).toBe('Desember 2023');
  });
});

describe('formatTimeJakarta', () => {
  it('shows an instant’s time in Jakarta, whatever the process time zone', () => {
    expect(formatTimeJakarta('2024-01-31T07:05:00Z')).toBe('14.05');
    expect(formatTimeJakarta('2024-01-31T17:00:00.000Z')).toBe('00.00'); // Jakarta's midnight
    expect(formatTimeJakarta(null)).toBe('-');
    expect(formatTimeJakarta('bukan waktu')).toBe('-');
  });
});
