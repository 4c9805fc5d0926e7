/**
 * Printed documents (issue 25): one model of a document's content, built once in core
 * (domain/dokumen.ts), rendered twice: to PDF on the server and to HTML for the browser's print
 * dialog. The API returns it as it is for the print view.
 */
import { z } from './zod';
import { kontakLembagaSchema } from './profil-lembaga';

/** A labelled value ("Tanggal: 26 November 2026"); `tebal` prints it bold. */
const barisSchema = z.object({ label: z.string(), nilai: z.string(), tebal: z.boolean() });

/** One block of a document, top to bottom. */
export const bagianDokumenSchema = z.object({
  /** rincian: labelled values; jumlah: the amount in figures and words; tabel: rows and columns; teks: a paragraph. */
  jenis: z.enum(['rincian', 'jumlah', 'tabel', 'teks']),
  judul: z.string().nullable(),
  /** rincian: the rows; jumlah: one row, the figures (its label and value). */
  baris: z.array(barisSchema),
  /** jumlah: the amount in words; teks: the paragraph. */
  teks: z.string().nullable(),
  /** tabel: the columns (`kanan`: right-aligned figures; `lebar`: share of the width, relative to the others). */
  kolom: z.array(z.object({ label: z.string(), kanan: z.boolean(), lebar: z.number() })),
  /** tabel: the cells, row by row. */
  sel: z.array(z.array(z.string())),
  /** tabel: the totals row, or null. */
  total: z.array(z.string()).nullable(),
});
export type BagianDokumen = z.infer<typeof bagianDokumenSchema>;

/** The institution as a document's header shows it (Profil Lembaga). */
export const kopDokumenSchema = kontakLembagaSchema.extend({
  /** Whether a logo is set (the PDF embeds it; the print view loads it from its public address). */
  logo: z.boolean(),
});
export type KopDokumen = z.infer<typeof kopDokumenSchema>;

export const dokumenSchema = z.object({
  judul: z.string(),
  /** The document's own number (a receipt's KW/2026/000123), or null. */
  nomor: z.string().nullable(),
  /** A mark across the page: BATAL for a deleted payment's receipt, SALINAN for a reprint. */
  tanda: z.enum(['BATAL', 'SALINAN']).nullable(),
  /** The line under the mark ("Dicetak ulang 26 November 2026 pukul 10.15"). */
  keterangan_tanda: z.string().nullable(),
  kop: kopDokumenSchema,
  bagian: z.array(bagianDokumenSchema),
  /** Signature places, left to right: the role and the name under the line (null: left blank). */
  tanda_tangan: z.array(z.object({ peran: z.string(), nama: z.string().nullable() })),
  catatan_kaki: z.string().nullable(),
  /** When it was produced, ISO instant, and that moment as people read it. */
  dicetak_pada: z.string(),
  dicetak_pada_teks: z.string(),
  /** The file name a download takes (ASCII, no folder). */
  nama_file: z.string(),
});
export type Dokumen = z.infer<typeof dokumenSchema>;

/**
 * `GET /api/pembayaran/{id}/kwitansi/dokumen`: the receipt as its next print would be, not counted
 * (issue 51: opening the page or a preview is no print), and how often it was printed or downloaded.
 */
export const kwitansiPratinjauSchema = z.object({
  dokumen: dokumenSchema,
  /** Deliberate prints and downloads so far: 0 means the next one is the original. */
  dicetak: z.number(),
});
export type KwitansiPratinjau = z.infer<typeof kwitansiPratinjauSchema>;

/** Paper of a receipt: A5 (half of A4) or an 80 mm thermal printer's roll. */
export const ukuranKwitansi = ['a5', '80mm'] as const;
export type UkuranKwitansi = (typeof ukuranKwitansi)[number];
export const kwitansiQuerySchema = z.object({
  ukuran: z.enum(ukuranKwitansi, { message: 'Ukuran kertas harus a5 atau 80mm' }).default('a5'),
});
