/** Rupiah display: id-ID, IDR, no decimals (spec §9). */

let rupiahFormatter: Intl.NumberFormat | undefined;

/**
 * Formats whole rupiah as 'Rp 12.000.000' (id-ID, 0 decimals, half-up); 'Rp 0' for null,
 * undefined or NaN. Intl puts a non-breaking space after 'Rp'; it is replaced by a plain space.
 */
export function formatRupiah(value: number | null | undefined): string {
  rupiahFormatter ??= new Intl.NumberFormat('id-ID', {
    style: 'currency',
    currency: 'IDR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const amount = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  // Round half away from zero ourselves and drop -0, so -0.4 shows 'Rp 0', not '-Rp 0'.
  const rounded = Math.sign(amount) * Math.round(Math.abs(amount)) + 0;
  return rupiahFormatter.format(rounded).replace(/\s/g, ' ');
}
