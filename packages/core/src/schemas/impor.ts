/** Import of the old system's data (issue 26 C): answers and messages of `/api/impor`. */
import { z } from './zod';
import { jenisImpor, jenisImporLabels, type JenisImpor } from '../domain/impor';

/** The largest file accepted. */
export const IMPOR_MAX_BYTES = 20 * 1024 * 1024;
/** The most data rows one file may hold. */
export const IMPOR_MAX_ROWS = 200_000;
/** The problems a check answers with (all of them are in the downloadable file). */
export const IMPOR_MAX_MASALAH = 500;

export const imporMessages = {
  jenisInvalid: 'Jenis impor harus nasabah, pinjaman atau pembayaran',
  fileRequired: 'Pilih berkas XLSX atau CSV untuk diimpor',
  tooLarge: 'Berkas terlalu besar; paling besar 20 MB',
  notSpreadsheet: 'Berkas tidak bisa dibaca sebagai spreadsheet XLSX atau CSV. Simpan ulang dari Excel sebagai .xlsx atau .csv.',
  noData: 'Berkas tidak berisi baris data di bawah baris judul',
  tooManyRows: 'Berkas berisi lebih dari 200.000 baris; bagi menjadi beberapa berkas',
  missingHeaders: (headers: string[], jenis: JenisImpor) =>
    `Kolom ${headers.join(', ')} tidak ditemukan di baris judul. Gunakan template impor ${jenisImporLabels[jenis].toLowerCase()}.`,
  formula: 'Sel berisi rumus; salin lalu tempel sebagai nilai (Paste Values)',
  hasProblems: (count: number) =>
    `Berkas masih memiliki ${count.toLocaleString('id-ID')} masalah; perbaiki lalu periksa ulang. Tidak ada data yang disimpan.`,
  sameAsRow: (label: string, row: number) => `${label} sama dengan baris ${row}`,
  nikTaken: 'NIK sudah terdaftar untuk nasabah lain',
  nomorRequired: 'Nomor pinjaman wajib diisi untuk impor',
  nikNasabahRequired: 'NIK nasabah wajib diisi',
  nomorTaken: 'Nomor pinjaman sudah dipakai pinjaman lain',
  nasabahNotFound: 'Nasabah dengan NIK ini belum ada; impor nasabah lebih dulu',
  pinjamanNotFound: 'Pinjaman dengan nomor ini belum ada; impor pinjaman lebih dulu',
  pinjamanAmbiguous: 'Nomor pinjaman ini dipakai lebih dari satu pinjaman; perbaiki nomornya lebih dulu',
  pinjamanPending: 'Pinjaman ini belum dicairkan (menunggu persetujuan atau ditolak) dan tidak dapat menerima pembayaran',
  changedMeanwhile: 'Data berubah selama impor berjalan; tidak ada yang disimpan. Periksa ulang berkas lalu impor lagi.',
} as const;

/** `/api/impor/{jenis}/…`: which template. */
export const imporParamsSchema = z.object({ jenis: z.enum(jenisImpor, { error: imporMessages.jenisInvalid }) });

/** One problem of a file: its spreadsheet row (the header is row 1), the column's header, the message. */
export const imporMasalahSchema = z.object({
  baris: z.number().int(),
  kolom: z.string().nullable(),
  pesan: z.string(),
});
export type ImporMasalah = z.infer<typeof imporMasalahSchema>;

/** `POST /api/impor/{jenis}/periksa`: the dry run. */
export const imporPeriksaSchema = z.object({
  jenis: z.enum(jenisImpor),
  jumlah_baris: z.number().int(),
  /** Rows that would be added. */
  baru: z.number().int(),
  /** Rows already imported before (the same customer, loan or payment): skipped. */
  sudah_ada: z.number().int(),
  jumlah_masalah: z.number().int(),
  /** The first problems (IMPOR_MAX_MASALAH); all are in the downloadable file. */
  masalah: z.array(imporMasalahSchema),
});
export type ImporPeriksa = z.infer<typeof imporPeriksaSchema>;

/** `POST /api/impor/{jenis}`: what the import added, counted as the dry run counts. */
export const imporHasilSchema = imporPeriksaSchema
  .pick({ jenis: true, jumlah_baris: true, sudah_ada: true })
  .extend({ ditambahkan: z.number().int() });
export type ImporHasil = z.infer<typeof imporHasilSchema>;
