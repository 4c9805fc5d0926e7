/**
 * Every export's cells as a spreadsheet reads them (issue 54). Values a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, tab, carriage return first) and identifiers it would turn into numbers
 * (a 16-digit NIK, a phone with its leading 0, a loan number of digits) are written through the API,
 * then every export the API document lists is downloaded as CSV (read back with csv-parse) and as
 * XLSX (read back with exceljs): no CSV cell starts a formula, no identifier lost a digit, and in
 * XLSX numbers are numbers with a format, dates are dates, identifiers are text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loanFormFields, multipart, populate } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import { runDailyLedger } from '../ledger/ledger.service';

const clock = manualClock(new Date('2024-06-15T05:00:00Z')); // 12:00 WIB
let t: TestApp;
let exportUrls: string[];

/** What staff typed, as hostile as a form lets it be. */
const HOSTILE = {
  nama: '=HYPERLINK("http://x.test","klik")',
  alamat: '=1+1',
  kecamatan: '@SUM(A1)',
  kota: '+Kota Bogor',
  nik: '3201234567890123',
  telepon: '081298765432',
  nomor_pinjaman: '0042',
  jaminan: '-BPKB+1',
  keterangan: '@cmd',
  pembayaran: '=2+3',
  penerima: '-Admin=1',
  penerimaTelepon: '081298765433',
};
const IDENTIFIER_HEADERS = new Set([
  'NIK',
  'Telepon',
  'Nomor WhatsApp',
  'Nomor',
  'No. Pinjaman',
  'No. Kwitansi',
  // The books (issue 48): journal numbers and account codes.
  'No. Jurnal',
  'Kode',
  'Kode Akun',
]);
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative number (a ledger's balance in credit): a spreadsheet reads it as a number, never runs it. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

async function created(res: { statusCode: number; body: string; json(): { data: { id: number } } }) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await populate(t);
  const nasabahId = await created(
    await t.request({
      method: 'POST',
      url: '/api/nasabah',
      payload: {
        nama: HOSTILE.nama,
        nik: HOSTILE.nik,
        telepon: HOSTILE.telepon,
        alamat: HOSTILE.alamat,
        kecamatan: HOSTILE.kecamatan,
        kota: HOSTILE.kota,
      },
    }),
  );
  const loanId = await created(
    await t.request({
      method: 'POST',
      url: '/api/pinjaman',
      ...multipart(
        loanFormFields(nasabahId, {
          nomor_pinjaman: HOSTILE.nomor_pinjaman,
          tanggal_pinjam: '2024-03-15',
          jaminan: HOSTILE.jaminan,
          keterangan: HOSTILE.keterangan,
        }),
      ),
    }),
  );
  await created(
    await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: {
        pinjaman_id: loanId,
        tanggal: '2024-06-15',
        jumlah: 1_240_000,
        jenis: 'angsuran',
        angsuran_ke: 1,
        keterangan: HOSTILE.pembayaran,
      },
    }),
  );
  await created(
    await t.request({
      method: 'POST',
      url: '/api/wa-notification-recipients',
      payload: { name: HOSTILE.penerima, phone_number: HOSTILE.penerimaTelepon, status: 'active' },
    }),
  );
  await runDailyLedger(t.app.db, '2024-06-15');

  const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
  const query: Record<string, string> = {
    '/api/laporan/rekap-harian/ekspor': 'tanggal=2024-06-15',
    '/api/laporan/kolektibilitas/ekspor': 'bulan=2024-06',
    '/api/laporan/penagihan/ekspor': 'bulan=2024-06',
    '/api/laporan/pencairan/ekspor': 'sampai=2024-06',
    '/api/laporan/pendapatan/ekspor': 'sampai=2024-06',
    // The books (issue 48): Kas is account 1 of the default chart.
    '/api/akuntansi/jurnal/ekspor': 'dari=2024-01-01&sampai=2024-06-30',
    '/api/akuntansi/buku-besar/ekspor': 'akun_id=1&dari=2024-01-01&sampai=2024-06-30',
    '/api/akuntansi/neraca-saldo/ekspor': 'tanggal=2024-06-15',
  };
  exportUrls = Object.keys(doc.paths)
    .filter((p) => p.endsWith('/ekspor'))
    .map((p) => `${p}?${query[p] ?? ''}`);
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function download(url: string) {
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res;
}

/** The tables of a file: after the title rows and a blank row, a header and its rows, up to the next blank row. */
function tablesOf<Cell>(records: Cell[][], isBlank: (row: Cell[]) => boolean) {
  const tables: { header: Cell[]; rows: Cell[][] }[] = [];
  let i = records.findIndex(isBlank);
  while (i >= 0 && i + 1 < records.length) {
    // A blank row, then (in a CSV's later blocks) the table's title, then its header.
    let start = i + 1;
    if (records[start]!.length === 1 && records[start + 1] && !isBlank(records[start + 1]!)) start += 1;
    const end = records.findIndex((row, j) => j > start && isBlank(row));
    tables.push({ header: records[start]!, rows: records.slice(start + 1, end < 0 ? undefined : end) });
    i = end;
  }
  return tables;
}

describe('every export', () => {
  it('is listed in the API document (15 lists, reports and books)', () => {
    expect(exportUrls).toHaveLength(15);
  });

  it('writes no CSV cell a spreadsheet would run, and every identifier as text with all its digits', async () => {
    const seen = new Set<string>();
    for (const url of exportUrls) {
      const res = await download(`${url}&format=csv`);
      const records = parse(res.body, { bom: true, relax_column_count: true }) as string[][];
      for (const [r, record] of records.entries())
        for (const cell of record) {
          expect(FORMULA_START.test(cell) && !NEGATIVE_NUMBER.test(cell), `${url} row ${r + 1}: ${JSON.stringify(cell)}`).toBe(
            false,
          );
          seen.add(cell);
        }
      const tables = tablesOf(records, (row) => row.every((cell) => cell === ''));
      expect(tables.length, url).toBeGreaterThan(0);
      for (const { header, rows } of tables)
        header.forEach((name, c) => {
          if (!IDENTIFIER_HEADERS.has(name)) return;
          for (const row of rows) expect(/^[0-9+]/.test(row[c] ?? ''), `${url} ${name}: ${row[c]}`).toBe(false);
        });
    }
    // What was typed is there, marked as text, digit for digit.
    for (const value of [
      HOSTILE.nama,
      HOSTILE.alamat,
      HOSTILE.kecamatan,
      HOSTILE.kota,
      HOSTILE.nik,
      HOSTILE.nomor_pinjaman,
      HOSTILE.jaminan,
      HOSTILE.keterangan,
      HOSTILE.pembayaran,
      HOSTILE.penerima,
    ])
      expect(seen.has(`'${value}`), value).toBe(true);
    // The phones as the API keeps them (a WhatsApp number in its international form), marked as text.
    for (const phone of [HOSTILE.telepon, HOSTILE.penerimaTelepon])
      expect(
        [...seen].filter((cell) => /^'(0|62)/.test(cell) && cell.endsWith(phone.slice(1))),
        phone,
      ).not.toEqual([]);
  });

  it('writes XLSX numbers as formatted numbers, dates as dates, identifiers as text', async () => {
    const numberFormats = new Set(['"Rp"#,##0', '#,##0', '0.00']);
    const dateFormats = new Set(['dd/mm/yyyy', 'dd/mm/yyyy hh:mm']);
    const kinds = new Set<string>();
    for (const url of exportUrls) {
      const res = await download(`${url}&format=xlsx`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      for (const sheet of workbook.worksheets) {
        const records: ExcelJS.Cell[][] = [];
        sheet.eachRow({ includeEmpty: true }, (row) => {
          const cells: ExcelJS.Cell[] = [];
          for (let c = 1; c <= sheet.columnCount; c++) cells.push(row.getCell(c));
          records.push(cells);
        });
        const tables = tablesOf(records, (row) => row.every((cell) => cell.value === null || cell.value === undefined));
        expect(tables.length, `${url} ${sheet.name}`).toBeGreaterThan(0);
        for (const { header, rows } of tables)
          for (const row of rows)
            row.forEach((cell, c) => {
              const where = `${url} ${sheet.name} ${String(header[c]?.value)} ${cell.address}: ${JSON.stringify(cell.value)}`;
              const value = cell.value;
              if (value === null || value === undefined) return;
              if (IDENTIFIER_HEADERS.has(String(header[c]?.value))) {
                expect(typeof value, where).toBe('string');
                expect(cell.numFmt, where).toBe('@');
                kinds.add('kode');
              } else if (typeof value === 'number') {
                expect(numberFormats.has(cell.numFmt), where).toBe(true);
                kinds.add('angka');
              } else if (value instanceof Date) {
                expect(dateFormats.has(cell.numFmt), where).toBe(true);
                kinds.add('tanggal');
              } else {
                expect(typeof value, where).toBe('string');
                // A number or a date written as text is a cell a spreadsheet cannot sum or sort.
                expect(/^-?\d+([.,]\d+)?%?$|^\d{4}-\d{2}-\d{2}/.test(value as string), where).toBe(false);
                kinds.add('teks');
              }
            });
      }
    }
    expect([...kinds].sort()).toEqual(['angka', 'kode', 'tanggal', 'teks']);
  });
});
