/** Rupiah and whole-number display: id-ID, no decimals (spec §9). */

/**
 * A whole number as id-ID writes it: '12.000.000', '-5.000' (thousands grouped by '.'), rounded
 * half away from zero; '0' for -0. The same text as Intl's id-ID (rupiah.test.ts checks it against
 * Intl), without Intl: its first use on a page loads the locale's data, which a slow phone feels on
 * the first render of a list (issue 28 C).
 */
export function formatAngka(value: number): string {
  const rounded = Math.sign(value) * Math.round(Math.abs(value)) + 0;
  const digits = String(Math.abs(rounded));
  let grouped = digits.length > 3 ? '' : digits;
  if (digits.length > 3) {
    const head = digits.length % 3 || 3;
    grouped = digits.slice(0, head);
    for (let i = head; i < digits.length; i += 3) grouped += `.${digits.slice(i, i + 3)}`;
  }
  return rounded < 0 ? `-${grouped}` : grouped;
}

/**
 * Formats whole rupiah as 'Rp 12.000.000' (id-ID, 0 decimals, half-up); 'Rp 0' for null,
 * undefined or NaN. As Intl's id-ID currency format, with a plain space after 'Rp' (Intl puts a
 * non-breaking one), and 'Rp 0' rather than '-Rp 0' for an amount that rounds to zero.
 */
export function formatRupiah(value: number | null | undefined): string {
  const amount = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const text = formatAngka(amount);
  return text.startsWith('-') ? `-Rp ${text.slice(1)}` : `Rp ${text}`;
}
