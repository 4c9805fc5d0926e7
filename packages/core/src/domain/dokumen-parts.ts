/** The blocks the printed documents are built of (domain/dokumen.ts, domain/dokumen-buku.ts). */
import type { BagianDokumen } from '../schemas/dokumen';
import { formatDateTime } from '../format/date';

/** Labelled values under an optional heading; `[label, value, bold?]`. */
export const rincian = (judul: string | null, baris: [string, string, boolean?][]): BagianDokumen => ({
  jenis: 'rincian',
  judul,
  baris: baris.map(([label, nilai, tebal]) => ({ label, nilai, tebal: tebal ?? false })),
  teks: null,
  kolom: [],
  sel: [],
  total: null,
});

/** A table: its columns (`[label, right-aligned, share of the width]`), its rows and its totals row. */
export const tabel = (
  judul: string | null,
  kolom: [label: string, kanan: boolean, lebar: number][],
  sel: string[][],
  total: string[] | null,
): BagianDokumen => ({
  jenis: 'tabel',
  judul,
  baris: [],
  teks: null,
  kolom: kolom.map(([label, kanan, lebar]) => ({ label, kanan, lebar })),
  sel,
  total,
});

/** A paragraph. */
export const teks = (isi: string): BagianDokumen => ({
  jenis: 'teks',
  judul: null,
  baris: [],
  teks: isi,
  kolom: [],
  sel: [],
  total: null,
});

/** When a document was produced: the instant and as people read it. */
export const dicetak = (now: Date) => ({ dicetak_pada: now.toISOString(), dicetak_pada_teks: formatDateTime(now) });
