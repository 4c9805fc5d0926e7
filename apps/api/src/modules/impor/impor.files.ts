/** The spreadsheets of the import (issue 26 C): the templates, and a file's rows with their problems. */
import ExcelJS from 'exceljs';
import { jenisImporLabels, kolomImpor, type ImporMasalah, type JenisImpor } from '@mizan/core';
import type { ImporSheet } from './impor.reader';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export { XLSX_TYPE };

const headerStyle = (row: ExcelJS.Row) => {
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7F3EE' } };
};

/**
 * The template of a kind: sheet "Data" with the header row only (text columns stored as text, so
 * that an NIK keeps its 16 digits), and sheet "Petunjuk" saying what each column takes.
 */
export async function templateWorkbook(jenis: JenisImpor): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const columns = kolomImpor[jenis];
  const data = workbook.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = columns.map((k) => ({
    header: k.header,
    key: k.key,
    width: Math.max(14, k.header.length + 4),
    style: k.kind === 'teks' ? { numFmt: '@' } : k.kind === 'tanggal' ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  headerStyle(data.getRow(1));

  const petunjuk = workbook.addWorksheet('Petunjuk');
  petunjuk.columns = [
    { header: 'Kolom', key: 'kolom', width: 20 },
    { header: 'Wajib', key: 'wajib', width: 8 },
    { header: 'Petunjuk', key: 'petunjuk', width: 80 },
    { header: 'Contoh', key: 'contoh', width: 22 },
  ];
  headerStyle(petunjuk.getRow(1));
  for (const k of columns)
    petunjuk.addRow({ kolom: k.header, wajib: k.wajib ? 'Ya' : 'Tidak', petunjuk: k.petunjuk, contoh: k.contoh });
  petunjuk.addRow({});
  for (const line of [
    `Isi lembar "Data" mulai baris 2, satu ${jenisImporLabels[jenis].toLowerCase()} per baris; jangan ubah baris judul.`,
    'Urutan impor: nasabah lebih dulu, lalu pinjaman (merujuk NIK nasabah), lalu pembayaran (merujuk nomor pinjaman).',
    'Sel berisi rumus tidak diterima: salin lalu tempel sebagai nilai (Paste Values).',
    'Berkas diperiksa dulu; data baru disimpan bila tidak ada masalah sama sekali. Mengimpor berkas yang sama dua kali tidak menambah apa pun.',
    'Boleh juga berkas CSV (pemisah koma atau titik koma) dengan baris judul yang sama.',
  ])
    petunjuk.addRow({ kolom: line });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A file's rows as read, with its row number and a "Masalah" column: its problems, one per line; empty for a good row. */
export async function problemWorkbook(jenis: JenisImpor, sheet: ImporSheet, masalah: readonly ImporMasalah[]): Promise<Buffer> {
  const byRow = new Map<number, string[]>();
  for (const p of masalah) byRow.set(p.baris, [...(byRow.get(p.baris) ?? []), p.kolom ? `${p.kolom}: ${p.pesan}` : p.pesan]);
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  // "Baris": the row in the uploaded file (blank rows were left out); ignored when imported again.
  data.columns = [
    { header: 'Baris', key: '__baris', width: 8 },
    ...sheet.columns.map((k) => ({ header: k.header, key: k.key, width: Math.max(14, k.header.length + 4) })),
    { header: 'Masalah', key: '__masalah', width: 70 },
  ];
  headerStyle(data.getRow(1));
  for (const row of sheet.rows) {
    const added = data.addRow({ ...row.cells, __baris: row.baris, __masalah: (byRow.get(row.baris) ?? []).join('\n') });
    if (byRow.has(row.baris)) added.getCell('__masalah').font = { color: { argb: 'FFB42318' } };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const templateFileName = (jenis: JenisImpor) => `template-impor-${jenis}.xlsx`;
export const problemFileName = (jenis: JenisImpor) => `masalah-impor-${jenis}.xlsx`;
