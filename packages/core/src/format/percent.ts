/** Percentage display (spec §9: 2 decimals by default). */

const formatters = new Map<number, Intl.NumberFormat>();

/**
 * Formats a persentase (2 means 2 %) id-ID style with `decimals` decimals (default 2): 2 →
 * '2,00%', 12.5 → '12,50%'; null, undefined or NaN give the zero value ('0,00%').
 */
export function formatPercent(value: number | null | undefined, decimals = 2): string {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('id-ID', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, formatter);
  }
  const number = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return `${formatter.format(number + 0)}%`;
}
