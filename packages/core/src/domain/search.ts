/** Local search of the pickers (spec §7 customer picker, spec §9 loan picker). */

function normalize(text: string): string {
  return text.toLocaleLowerCase('id-ID').replace(/\s+/g, ' ').trim();
}

/** A query that reads as an amount: digits with optional separators and an optional "Rp". */
const AMOUNT_QUERY = /^(rp\.?\s*)?\d[\d.,\s]*$/;

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** Customer picker: the query matches the customer's name or NIK (case- and space-insensitive). */
export function matchesNasabahSearch(nasabah: { nama?: string | null; nik?: string | null }, query: string): boolean {
  const q = normalize(query);
  if (q === '') return true;
  if (normalize(nasabah.nama ?? '').includes(q)) return true;
  const qDigits = digitsOf(q);
  return qDigits !== '' && qDigits === q.replace(/\s/g, '') && digitsOf(nasabah.nik ?? '').includes(qDigits);
}

/**
 * Loan picker: the query matches the customer's name, the nomor_pinjaman, or the amount (an amount-like
 * query whose digits occur in jumlah, so "12.000.000" and "12000000" both match Rp 12.000.000).
 */
export function matchesPinjamanSearch(
  pinjaman: { nasabah?: { nama?: string | null } | null; nomor_pinjaman?: string | null; jumlah: number },
  query: string,
): boolean {
  const q = normalize(query);
  if (q === '') return true;
  if (normalize(pinjaman.nasabah?.nama ?? '').includes(q)) return true;
  if (normalize(pinjaman.nomor_pinjaman ?? '').includes(q)) return true;
  if (!AMOUNT_QUERY.test(q)) return false;
  return String(pinjaman.jumlah).includes(digitsOf(q));
}
