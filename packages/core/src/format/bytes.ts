/** File sizes as staff read them (backups, receipts): id-ID decimals, 1 KB = 1024 bytes. */

const oneDecimal = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** 512 → '512 byte', 84_000_000 → '80,1 MB', 1536 → '1,5 KB'. */
export function formatUkuranFile(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} byte`;
  let value = bytes;
  let unit = -1;
  do {
    value /= 1024;
    unit++;
  } while (value >= 1024 && unit < UNITS.length - 1);
  return `${oneDecimal.format(value)} ${UNITS[unit]}`;
}
