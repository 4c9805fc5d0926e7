/**
 * Import of the old system's data (issue 26 C): the columns of each template, and how a cell as
 * people type it in a spreadsheet ("Rp 1.250.000", "05/11/2024", "5 Nov 2024") becomes the value
 * the API's own schemas validate. What cannot be read is passed on as typed, so that the schema
 * answers with the API's message.
 */

/** What can be imported, in the order it must be: customers, then their loans, then payments. */
export const jenisImpor = ['nasabah', 'pinjaman', 'pembayaran'] as const;
export type JenisImpor = (typeof jenisImpor)[number];

export const jenisImporLabels: Record<JenisImpor, string> = {
  nasabah: 'Nasabah',
  pinjaman: 'Pinjaman',
  pembayaran: 'Pembayaran',
};

/** How a column's cells are read. */
export type KolomImporKind = 'teks' | 'tanggal' | 'angka' | 'pilihan';

export interface KolomImpor {
  /** The field of the API body it fills (or the reference it resolves: nik_nasabah, nomor_pinjaman). */
  key: string;
  /** The header in the template's first row. */
  header: string;
  kind: KolomImporKind;
  wajib: boolean;
  /** What the instructions sheet says about it. */
  petunjuk: string;
  /** An example value, as a person would type it. */
  contoh: string;
}

const tanggalPetunjuk = 'Tanggal: sel tanggal Excel, atau ditulis 2024-11-05, 05/11/2024 (hari/bulan/tahun) atau 5 Nov 2024.';
const rupiahPetunjuk = 'Rupiah utuh: 1250000, 1.250.000 atau Rp 1.250.000.';

/** The template columns of each kind, in template order. */
export const kolomImpor: Record<JenisImpor, readonly KolomImpor[]> = {
  nasabah: [
    {
      key: 'nama',
      header: 'Nama',
      kind: 'teks',
      wajib: true,
      petunjuk: 'Nama lengkap, paling banyak 150 karakter.',
      contoh: 'Siti Aminah',
    },
    {
      key: 'nik',
      header: 'NIK',
      kind: 'teks',
      wajib: true,
      petunjuk: '16 angka. Satu NIK satu nasabah. Tulis sebagai teks agar angka tidak berubah.',
      contoh: '3201010101900001',
    },
    {
      key: 'telepon',
      header: 'Telepon',
      kind: 'teks',
      wajib: true,
      petunjuk: 'Nomor HP, misalnya 0812-3456-7890.',
      contoh: '081234567890',
    },
    {
      key: 'alamat',
      header: 'Alamat',
      kind: 'teks',
      wajib: true,
      petunjuk: 'Alamat rumah atau usaha.',
      contoh: 'Jl. Pasar Baru No. 5',
    },
    { key: 'kecamatan', header: 'Kecamatan', kind: 'teks', wajib: true, petunjuk: 'Nama kecamatan.', contoh: 'Cibinong' },
    { key: 'kota', header: 'Kota', kind: 'teks', wajib: true, petunjuk: 'Kota atau kabupaten.', contoh: 'Bogor' },
    {
      key: 'tanggal_nasabah',
      header: 'Tanggal Nasabah',
      kind: 'tanggal',
      wajib: false,
      petunjuk: `Tanggal menjadi nasabah. ${tanggalPetunjuk} Kosong: tanggal impor.`,
      contoh: '2021-03-15',
    },
    {
      key: 'status',
      header: 'Status',
      kind: 'pilihan',
      wajib: false,
      petunjuk: 'aktif atau nonaktif. Kosong: aktif.',
      contoh: 'aktif',
    },
  ],
  pinjaman: [
    {
      key: 'nik_nasabah',
      header: 'NIK Nasabah',
      kind: 'teks',
      wajib: true,
      petunjuk: 'NIK nasabah peminjam; nasabahnya harus sudah ada (impor nasabah lebih dulu).',
      contoh: '3201010101900001',
    },
    {
      key: 'nomor_pinjaman',
      header: 'Nomor Pinjaman',
      kind: 'teks',
      wajib: true,
      petunjuk: 'Kode pinjaman di sistem lama, unik; pembayaran merujuk ke nomor ini.',
      contoh: 'A001',
    },
    {
      key: 'urutan_pinjaman',
      header: 'Urutan Pinjaman',
      kind: 'angka',
      wajib: false,
      petunjuk: 'Pinjaman ke berapa bagi nasabah ini. Kosong: nomor berikutnya.',
      contoh: '1',
    },
    {
      key: 'tanggal_pinjam',
      header: 'Tanggal Pinjam',
      kind: 'tanggal',
      wajib: true,
      petunjuk: tanggalPetunjuk,
      contoh: '05/01/2024',
    },
    {
      key: 'jumlah',
      header: 'Jumlah',
      kind: 'angka',
      wajib: true,
      petunjuk: `Nilai pembiayaan. ${rupiahPetunjuk}`,
      contoh: 'Rp 12.000.000',
    },
    {
      key: 'persentase',
      header: 'Persentase',
      kind: 'angka',
      wajib: true,
      petunjuk: 'Margin atau bagi hasil per bulan dalam persen, misalnya 2 atau 1,5.',
      contoh: '2',
    },
    {
      key: 'tipe',
      header: 'Tipe',
      kind: 'pilihan',
      wajib: true,
      petunjuk: 'pokok (Murabahah) atau non-pokok (Mudharabah).',
      contoh: 'pokok',
    },
    {
      key: 'durasi_angsuran',
      header: 'Durasi Angsuran',
      kind: 'angka',
      wajib: false,
      petunjuk: 'Jumlah bulan angsuran; wajib untuk tipe pokok.',
      contoh: '12',
    },
    {
      key: 'jaminan',
      header: 'Jaminan',
      kind: 'teks',
      wajib: false,
      petunjuk: 'Barang jaminan, bila ada.',
      contoh: 'BPKB motor',
    },
    { key: 'keterangan', header: 'Keterangan', kind: 'teks', wajib: false, petunjuk: 'Catatan, bila ada.', contoh: '' },
  ],
  pembayaran: [
    {
      key: 'nomor_pinjaman',
      header: 'Nomor Pinjaman',
      kind: 'teks',
      wajib: true,
      petunjuk: 'Nomor pinjaman yang dibayar; pinjamannya harus sudah ada (impor pinjaman lebih dulu).',
      contoh: 'A001',
    },
    { key: 'tanggal', header: 'Tanggal', kind: 'tanggal', wajib: true, petunjuk: tanggalPetunjuk, contoh: '5 Feb 2024' },
    { key: 'jumlah', header: 'Jumlah', kind: 'angka', wajib: true, petunjuk: rupiahPetunjuk, contoh: '1.240.000' },
    {
      key: 'jenis',
      header: 'Jenis',
      kind: 'pilihan',
      wajib: true,
      petunjuk: 'angsuran, bagi_hasil, pokok atau pelunasan.',
      contoh: 'angsuran',
    },
    {
      key: 'angsuran_ke',
      header: 'Angsuran Ke',
      kind: 'angka',
      wajib: false,
      petunjuk: 'Nomor angsuran; wajib untuk jenis angsuran, tidak boleh dipakai dua kali pada satu pinjaman.',
      contoh: '1',
    },
    { key: 'keterangan', header: 'Keterangan', kind: 'teks', wajib: false, petunjuk: 'Catatan, bila ada.', contoh: '' },
  ],
};

const bulanNames: Record<string, number> = {
  jan: 1,
  januari: 1,
  january: 1,
  feb: 2,
  februari: 2,
  february: 2,
  peb: 2,
  pebruari: 2,
  mar: 3,
  maret: 3,
  march: 3,
  apr: 4,
  april: 4,
  mei: 5,
  may: 5,
  jun: 6,
  juni: 6,
  june: 6,
  jul: 7,
  juli: 7,
  july: 7,
  agu: 8,
  agt: 8,
  agus: 8,
  agustus: 8,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oktober: 10,
  oct: 10,
  october: 10,
  nov: 11,
  nop: 11,
  november: 11,
  nopember: 11,
  des: 12,
  desember: 12,
  dec: 12,
  december: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');
const validDay = (year: number, month: number, day: number) => {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last ? `${year}-${pad(month)}-${pad(day)}` : null;
};

/**
 * A date cell as `YYYY-MM-DD`: a spreadsheet date (its calendar day), or text written
 * `2024-11-05`, `05/11/2024` or `5-11-2024` (day first, as in Indonesia), `5 Nov 2024` or
 * `5 November 2024` (Indonesian or English month names). Anything else is returned as typed.
 */
export function importDate(value: unknown): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value !== 'string') return value;
  const text = value.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) return validDay(Number(match[1]), Number(match[2]), Number(match[3])) ?? text;
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (match) return validDay(Number(match[3]), Number(match[2]), Number(match[1])) ?? text;
  match = /^(\d{1,2})[\s-]+([A-Za-z]+)\.?[\s-]+(\d{4})$/.exec(text);
  if (match) {
    const month = bulanNames[match[2]!.toLowerCase()];
    if (month) return validDay(Number(match[3]), month, Number(match[1])) ?? text;
  }
  return text;
}

/**
 * A number cell: a spreadsheet number as it is, or text with `Rp`, spaces, dots between
 * thousands and a decimal comma (`Rp 1.250.000`, `1.250.000,00`, `1,5`). Text that is not such a
 * number is returned as typed.
 */
export function importNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value
    .trim()
    .replace(/^rp\.?\s*/i, '')
    .replace(/\s+/g, '');
  if (text === '') return '';
  // Dots between groups of three digits are thousands; a comma is the decimal sign.
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) return Number(text.replace(/\./g, '').replace(',', '.'));
  if (/^-?\d+(,\d+)?$/.test(text)) return Number(text.replace(',', '.'));
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return value.trim();
}

/** A choice cell: lower case, trimmed; the labels people use for the loan types and payment kinds. */
export function importChoice(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ');
  const synonyms: Record<string, string> = {
    murabahah: 'pokok',
    mudharabah: 'non-pokok',
    'non pokok': 'non-pokok',
    nonpokok: 'non-pokok',
    'bagi hasil': 'bagi_hasil',
    'bagi-hasil': 'bagi_hasil',
  };
  return synonyms[text] ?? text;
}

/** A text cell: numbers as their digits (an NIK typed as a number), blank as null. */
export function importText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return importDate(value) as string;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** A cell read by its column's kind; blank is null. */
export function importCell(kind: KolomImporKind, value: unknown): unknown {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  if (kind === 'tanggal') return importDate(value);
  if (kind === 'angka') return importNumber(value);
  if (kind === 'pilihan') return importChoice(value);
  return importText(value);
}

/** A header as written in a file, compared without case, spaces or punctuation. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
