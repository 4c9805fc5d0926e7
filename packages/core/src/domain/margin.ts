/**
 * How a Murabahah's margin is split over its instalments (fatwa 84/2012): the proportional split of
 * the ledger, or the annuity's. Every figure that tells principal from margin in what was paid uses
 * it: income (pendapatan.ts), the loan's position (posisi.ts), its arrears (ledger.ts) and the
 * settlement quote (pelunasan.ts).
 */
/** How a Murabahah's margin is spread over its instalments for recognition (fatwa 84/2012). */
export const metodePengakuanMargin = ['proporsional', 'anuitas'] as const;
export type MetodePengakuanMargin = (typeof metodePengakuanMargin)[number];

export const metodePengakuanMarginLabels: Record<MetodePengakuanMargin, string> = {
  proporsional: 'Proporsional',
  anuitas: 'Anuitas',
};

/**
 * The margin part of each instalment under the annuity method: the margin of instalment k is the
 * principal still outstanding before it times the one monthly rate r at which the instalments'
 * present value is the principal (Σ aₖ/(1+r)ᵏ = principal), so it falls as the principal is repaid.
 * Whole rupiah: the running sum of the exact parts is rounded, so the parts add up to
 * Σ amounts − principal exactly, and each lies between 0 and its instalment.
 */
export function annuityMargins(amounts: readonly number[], principal: number): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  const margin = total - principal;
  if (amounts.length === 0 || margin <= 0 || principal <= 0) return amounts.map((_, i) => (i === 0 ? Math.max(0, margin) : 0));
  const presentValue = (r: number) => amounts.reduce((sum, a, k) => sum + a / (1 + r) ** (k + 1), 0);
  // The present value falls as r grows: bisect between 0 (PV = total > principal) and a rate high
  // enough that PV < principal.
  let low = 0;
  let high = 1;
  while (presentValue(high) > principal) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-15; step += 1) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > principal) low = mid;
    else high = mid;
  }
  const rate = (low + high) / 2;
  const parts: number[] = [];
  let outstanding = principal;
  let exactSum = 0;
  let roundedBefore = 0;
  amounts.forEach((amount, k) => {
    const exact = Math.min(amount, Math.max(0, outstanding * rate));
    outstanding -= amount - exact;
    exactSum += exact;
    const roundedUpTo = k === amounts.length - 1 ? margin : Math.min(margin, Math.round(exactSum));
    parts.push(roundedUpTo - roundedBefore);
    roundedBefore = roundedUpTo;
  });
  // Rounding may leave a part a rupiah outside [0, amount]: move the excess to the next instalment
  // that can take it (the sum stays the margin; the parts stay in order of size).
  for (let k = 0; k < parts.length; k += 1) {
    const over = parts[k]! - amounts[k]!;
    const under = -parts[k]!;
    const shift = over > 0 ? over : under > 0 ? -under : 0;
    if (shift === 0) continue;
    parts[k]! -= shift;
    const next = k + 1 < parts.length ? k + 1 : k - 1;
    if (next >= 0) parts[next]! += shift;
  }
  return parts;
}

/**
 * The margin part each method gives the instalments of a Murabahah (`dues` from the ledger's
 * `murabahahAllocation`): the ledger's proportional split, or the annuity's.
 */
export function methodMargins(
  dues: readonly { pokok: number; margin: number }[],
  jumlah: number,
  metode: MetodePengakuanMargin,
): number[] {
  return metode === 'anuitas'
    ? annuityMargins(
        dues.map((d) => d.pokok + d.margin),
        jumlah,
      )
    : dues.map((d) => d.margin);
}

/**
 * The same count over a schedule's own due dates (a rescheduled one's, issue 27 D): period k runs
 * from the due date before it (the akad day for the first) to its own due date.
 */
export function periodsBegun(tanggalPinjam: string, dueDates: readonly string[], tanggal: string): number {
  let months = 0;
  while (months < dueDates.length && (months === 0 ? tanggalPinjam : dueDates[months - 1]!) < tanggal) months += 1;
  return months;
}
