/**
 * Terbilang (issue 25): whole rupiah in Indonesian words, as a receipt states the amount
 * ("satu juta dua ratus empat puluh ribu rupiah"). Numbers from 0 to 999 999 999 999 999.
 */

/** The largest amount terbilang spells: 999 999 999 999 999 (just under a thousand trillion). */
export const TERBILANG_MAX = 999_999_999_999_999;

const ones = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'];
const scales = ['', 'ribu', 'juta', 'miliar', 'triliun'];

/** Words of 1..999 ("seratus", "sebelas", "dua puluh satu"); '' for 0. */
function belowThousand(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) words.push('seratus');
  else if (hundreds > 1) words.push(ones[hundreds]!, 'ratus');
  if (rest === 10) words.push('sepuluh');
  else if (rest === 11) words.push('sebelas');
  else if (rest > 11 && rest < 20) words.push(ones[rest - 10]!, 'belas');
  else {
    const tens = Math.floor(rest / 10);
    if (tens > 1) words.push(ones[tens]!, 'puluh');
    if (rest % 10 > 0) words.push(ones[rest % 10]!);
  }
  return words;
}

/**
 * The words of a whole number from 0 to {@link TERBILANG_MAX}: "nol", "sebelas", "seribu",
 * "satu juta seribu". Throws a RangeError for anything else (negative, fractional, too large).
 */
export function terbilang(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > TERBILANG_MAX) {
    throw new RangeError(`terbilang: ${n} bukan bilangan bulat 0…${TERBILANG_MAX}`);
  }
  if (n === 0) return 'nol';
  const words: string[] = [];
  let rest = n;
  for (let scale = scales.length - 1; scale >= 0; scale--) {
    const unit = 1000 ** scale;
    const group = Math.floor(rest / unit);
    rest %= unit;
    if (group === 0) continue;
    // 1 000 is "seribu", never "satu ribu"; 1 000 000 is "satu juta".
    if (scale === 1 && group === 1) words.push('seribu');
    else words.push(...belowThousand(group), ...(scale > 0 ? [scales[scale]!] : []));
  }
  return words.join(' ');
}

/** An amount of rupiah in words as a receipt writes it: "Satu juta dua ratus empat puluh ribu rupiah". */
export function terbilangRupiah(rupiah: number): string {
  const words = terbilang(rupiah);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} rupiah`;
}
