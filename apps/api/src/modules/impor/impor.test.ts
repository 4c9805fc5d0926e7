import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { messages, type ImporHasil, type ImporPeriksa, type Nasabah, type Pinjaman } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activityDescriptions, countRows } from '../../test/rows';
import { createKasir, multipart, postLoan, postNasabah } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import { forgetHistoryFrom } from '../portfolio/portfolio.service';

// Import of the old system's data (issue 26 C): templates, dry run, problems, commit as if typed,
// the same file twice, and every bad file, through real HTTP and real spreadsheets.

const clock = manualClock(new Date('2024-06-15T05:00:00Z')); // 12:00 WIB, 15 June 2024
let t: TestApp;
let operator: { id: number; token: string };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook with sheet "Data": the header row, then the rows (cells as Excel holds them). */
async function xlsx(headers: string[], rows: unknown[][], sheetName = 'Data'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (url: string, data: Buffer, filename = 'data.xlsx', token?: string) =>
  t.request({
    method: 'POST',
    url,
    ...multipart({}, { filename, type: filename.endsWith('.csv') ? 'text/csv' : XLSX, data, field: 'berkas' }),
    ...(token ? { token } : {}),
  });
const periksa = async (jenis: string, data: Buffer, filename?: string) => {
  const res = await upload(`/api/impor/${jenis}/periksa`, data, filename);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImporPeriksa;
};
const impor = async (jenis: string, data: Buffer, filename?: string) => {
  const res = await upload(`/api/impor/${jenis}`, data, filename);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImporHasil;
};

const nasabahHeaders = ['Nama', 'NIK', 'Telepon', 'Alamat', 'Kecamatan', 'Kota', 'Tanggal Nasabah', 'Status'];
const customerRow = (i: number, tanggal: unknown = new Date(Date.UTC(2021, 2, 15))) => [
  `Nasabah Lama ${i}`,
  `32010000000001${String(i).padStart(2, '0')}`,
  '081234567890',
  `Jl. Lama No. ${i}`,
  'Cibinong',
  'Bogor',
  tanggal,
  'aktif',
];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operator = await createKasir(t);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/impor/{jenis}/template', () => {
  it('gives each template with its Data and Petunjuk sheets', async () => {
    for (const [jenis, first] of [
      ['nasabah', 'Nama'],
      ['pinjaman', 'NIK Nasabah'],
      ['pembayaran', 'Nomor Pinjaman'],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/api/impor/${jenis}/template` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`template-impor-${jenis}.xlsx`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((s) => s.name)).toEqual(['Data', 'Petunjuk']);
      expect(workbook.getWorksheet('Data')!.getRow(1).getCell(1).value).toBe(first);
      expect(workbook.getWorksheet('Data')!.rowCount).toBe(1);
      expect(workbook.getWorksheet('Petunjuk')!.getRow(2).getCell(1).value).toBe(first);
    }
  });

  it('is for administrators only, and knows only the three kinds', async () => {
    expect((await t.request({ method: 'GET', url: '/api/impor/nasabah/template', token: operator.token })).statusCode).toBe(403);
    const bad = await t.request({ method: 'GET', url: '/api/impor/agunan/template' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].msg).toBe('Jenis impor harus nasabah, pinjaman atau pembayaran');
  });
});

describe('Impor nasabah', () => {
  it('checks a file without writing, imports it whole, and adds nothing the second time', async () => {
    const file = await xlsx(nasabahHeaders, [
      customerRow(1),
      customerRow(2, '05/11/2020'),
      customerRow(3, '5 Nov 2020'),
      customerRow(4, null),
    ]);
    const before = await countRows(t.app.db, 'nasabah');
    const check = await periksa('nasabah', file);
    expect(check).toMatchObject({ jenis: 'nasabah', jumlah_baris: 4, baru: 4, sudah_ada: 0, jumlah_masalah: 0, masalah: [] });
    expect(await countRows(t.app.db, 'nasabah')).toBe(before);

    const result = await impor('nasabah', file);
    expect(result).toEqual({ jenis: 'nasabah', jumlah_baris: 4, ditambahkan: 4, sudah_ada: 0 });
    const list = await t.request({ method: 'GET', url: '/api/nasabah?search=Nasabah%20Lama&limit=10&sortBy=nama&sortOrder=asc' });
    const rows = list.json().data as Nasabah[];
    expect(rows.map((n) => [n.nama, n.tanggal_nasabah, n.diimpor])).toEqual([
      ['Nasabah Lama 1', '2021-03-15', true],
      ['Nasabah Lama 2', '2020-11-05', true],
      ['Nasabah Lama 3', '2020-11-05', true],
      // No date: the day of the import, marked as generated.
      ['Nasabah Lama 4', '2024-06-15', true],
    ]);
    expect(rows[3]!.data_completeness).toEqual(['tanggal_nasabah']);

    const again = await impor('nasabah', file);
    expect(again).toEqual({ jenis: 'nasabah', jumlah_baris: 4, ditambahkan: 0, sudah_ada: 4 });
    expect(await countRows(t.app.db, 'nasabah')).toBe(before + 4);
    expect(await activityDescriptions(t.app.db, 'impor.nasabah')).toEqual([
      'Impor nasabah dari data.xlsx: 4 baris ditambahkan, 0 sudah ada',
      'Impor nasabah dari data.xlsx: 0 baris ditambahkan, 4 sudah ada',
    ]);
  });

  it('reads a CSV whose identifiers carry the spreadsheets\u2019 text mark (as the CSV exports write them) without the mark', async () => {
    const csv = [
      nasabahHeaders.join(','),
      `"'=Nama Bertanda",'3201000000000190,'081234567899,Jl. Tanda 1,Cibinong,Bogor,2021-03-15,aktif`,
    ].join('\r\n');
    expect(await impor('nasabah', Buffer.from(`\uFEFF${csv}`), 'tanda.csv')).toMatchObject({ ditambahkan: 1 });
    const found = (await t.request({ method: 'GET', url: '/api/nasabah?search=3201000000000190' })).json().data as Nasabah[];
    expect(found.map((n) => [n.nama, n.nik, n.telepon])).toEqual([['=Nama Bertanda', '3201000000000190', '081234567899']]);
  });

  it('lists every problem with its row and column, refuses the import, and writes nothing', async () => {
    // A customer typed in by the staff (postNasabah fails the test unless it is created).
    await postNasabah(t, { nama: 'Diketik Staf', nik: '3201000000000199', alamat: 'Jl. A' });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Data');
    sheet.addRow(nasabahHeaders);
    sheet.addRow(customerRow(10)); // row 2: fine
    sheet.addRow(['', ...customerRow(11).slice(1)]); // row 3: no name
    sheet.addRow(customerRow(10)); // row 4: the NIK of row 2
    sheet.addRow([...customerRow(12).slice(0, 1), '3201000000000199', ...customerRow(12).slice(2)]); // row 5: a typed customer's NIK
    sheet.addRow([...customerRow(13).slice(0, 1), '12345', ...customerRow(13).slice(2)]); // row 6: not an NIK
    sheet.addRow(customerRow(14));
    sheet.getCell('D7').value = { formula: 'CONCAT("Jl. ", 7)', result: 'Jl. 7' }; // row 7: a formula
    sheet.addRow([...customerRow(15).slice(0, 6), '31/02/2020', 'aktif']); // row 8: no such day
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await Promise.all([countRows(t.app.db, 'nasabah'), countRows(t.app.db, 'activities')]);

    const check = await periksa('nasabah', file);
    expect(check.baru).toBe(1);
    expect(check.masalah.map((m) => [m.baris, m.kolom])).toEqual([
      [3, 'Nama'],
      [4, 'NIK'],
      [5, 'NIK'],
      [6, 'NIK'],
      [7, 'Alamat'],
      [8, 'Tanggal Nasabah'],
    ]);
    // The API's own message for the field.
    expect(check.masalah[0]!.pesan).toBe(messages.nasabah.namaRequired);
    expect(check.masalah[1]!.pesan).toBe('NIK sama dengan baris 2');
    expect(check.masalah[2]!.pesan).toBe('NIK sudah terdaftar untuk nasabah lain');
    expect(check.masalah[4]!.pesan).toBe('Sel berisi rumus; salin lalu tempel sebagai nilai (Paste Values)');

    const refused = await upload('/api/impor/nasabah', file);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Berkas masih memiliki 6 masalah; perbaiki lalu periksa ulang. Tidak ada data yang disimpan.',
    );
    expect(refused.json().errors[0]).toEqual({ path: 'baris 3, Nama', msg: messages.nasabah.namaRequired });
    expect(await Promise.all([countRows(t.app.db, 'nasabah'), countRows(t.app.db, 'activities')])).toEqual(before);

    // The same rows back as XLSX, each with its problems.
    const problems = await upload('/api/impor/nasabah/masalah', file);
    expect(problems.statusCode).toBe(200);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(problems.rawPayload as unknown as ArrayBuffer);
    const data = back.getWorksheet('Data')!;
    expect(data.getRow(1).values).toEqual([undefined, 'Baris', ...nasabahHeaders, 'Masalah']);
    expect(data.getRow(2).getCell(10).value ?? '').toBe('');
    expect(data.getRow(3).getCell(10).value).toBe(`Nama: ${messages.nasabah.namaRequired}`);
    expect(data.getRow(5).getCell(3).value).toBe('3201000000000199');
  });
});

describe('Impor pinjaman dan pembayaran', () => {
  const loanCsv = [
    'NIK Nasabah;Nomor Pinjaman;Tanggal Pinjam;Jumlah;Persentase;Tipe;Durasi Angsuran;Jaminan;Keterangan',
    '3201000000000101;LAMA-1;10/01/2024;Rp 12.000.000;2;pokok;12;BPKB;',
    '3201000000000102;LAMA-2;5 Feb 2024;"6.000.000";1,5;Murabahah;6;;',
    '3201000000000103;LAMA-3;2024-02-01;7500000;3;non-pokok;;;bagi hasil bulanan',
  ].join('\r\n');

  it('imports loans from a semicolon CSV, with the balances and ledger a typed loan gets', async () => {
    const check = await periksa('pinjaman', Buffer.from(`\uFEFF${loanCsv}`), 'pinjaman.csv');
    expect(check).toMatchObject({ baru: 3, jumlah_masalah: 0 });
    const result = await impor('pinjaman', Buffer.from(`\uFEFF${loanCsv}`), 'pinjaman.csv');
    expect(result.ditambahkan).toBe(3);
    const loans = (
      await t.request({ method: 'GET', url: '/api/pinjaman?search=LAMA-&limit=10&sortBy=nomor_pinjaman&sortOrder=asc' })
    ).json().data as Pinjaman[];
    expect(loans.map((l) => [l.nomor_pinjaman, l.tanggal_pinjam, l.jumlah, l.persentase, l.tipe, l.diimpor])).toEqual([
      ['LAMA-1', '2024-01-10', 12_000_000, 2, 'pokok', true],
      ['LAMA-2', '2024-02-05', 6_000_000, 1.5, 'pokok', true],
      ['LAMA-3', '2024-02-01', 7_500_000, 3, 'non-pokok', true],
    ]);
    // A typed loan with the same terms, for comparison.
    const customer = (await t.request({ method: 'GET', url: '/api/nasabah?search=3201000000000101' })).json().data[0] as Nasabah;
    const typed = await postLoan<Pinjaman>(t, customer.id, {
      nomor_pinjaman: 'KETIK-1',
      tanggal_pinjam: '2024-01-10',
      jumlah: 12_000_000,
      jaminan: 'BPKB',
    });
    const fields = (l: Pinjaman) => [
      l.sisa_pokok,
      l.angsuran_per_bulan,
      l.status,
      l.kolektibilitas,
      l.hari_tunggakan,
      l.tunggakan_total,
    ];
    expect(fields(loans[0]!)).toEqual(fields(typed));
    // Old loans without payments are months in arrears today.
    expect(loans[0]!.hari_tunggakan).toBeGreaterThan(100);
    // No receipt photo in a file; the order number was the customer's next.
    expect(loans[0]!.data_completeness).toEqual(['kwitansi', 'urutan_pinjaman']);
    const after = (await t.request({ method: 'GET', url: `/api/nasabah/${customer.id}` })).json().data as Nasabah;
    expect(after.total_pinjaman).toBe(24_000_000);
    expect((await impor('pinjaman', Buffer.from(loanCsv), 'pinjaman.csv')).sudah_ada).toBe(3);
  });

  it('refuses unknown customers, a missing or repeated loan number and bad amounts', async () => {
    const csv = [
      'NIK Nasabah,Nomor Pinjaman,Tanggal Pinjam,Jumlah,Persentase,Tipe,Durasi Angsuran',
      '3201000000009999,X-1,2024-01-10,1000000,2,pokok,12',
      '3201000000000101,,2024-01-10,1000000,2,pokok,12',
      '3201000000000101,X-2,2024-01-10,1000000,2,pokok,12',
      '3201000000000101,X-2,2024-01-10,1000000,2,pokok,12',
      '3201000000000101,X-3,2024-01-10,satu juta,2,pokok,12',
      '3201000000000101,X-4,2024-01-10,1000000,2,pokok,',
      '3201000000000101,KETIK-1,2024-01-10,1000000,2,pokok,12',
    ].join('\n');
    const check = await periksa('pinjaman', Buffer.from(csv), 'x.csv');
    expect(check.masalah.map((m) => [m.baris, m.kolom, m.pesan])).toEqual([
      [2, 'NIK Nasabah', 'Nasabah dengan NIK ini belum ada; impor nasabah lebih dulu'],
      [3, 'Nomor Pinjaman', 'Nomor pinjaman wajib diisi untuk impor'],
      [5, 'Nomor Pinjaman', 'Nomor pinjaman sama dengan baris 4'],
      [6, 'Jumlah', expect.stringMatching(/angka/i)],
      [7, 'Durasi Angsuran', expect.stringMatching(/durasi/i)],
      [8, 'Nomor Pinjaman', 'Nomor pinjaman sudah dipakai pinjaman lain'],
    ]);
  });

  it('imports payments as if typed: receipts numbered, balances and status, and nothing twice', async () => {
    const header = ['Nomor Pinjaman', 'Tanggal', 'Jumlah', 'Jenis', 'Angsuran Ke', 'Keterangan'];
    const rows = [
      ['LAMA-1', new Date(Date.UTC(2024, 1, 10)), 1_240_000, 'angsuran', 1, null],
      ['LAMA-1', '10/03/2024', 'Rp 1.240.000', 'angsuran', 2, null],
      ['LAMA-3', '1 Mar 2024', 225_000, 'bagi hasil', null, null],
      ['LAMA-3', '1 Mar 2024', 225_000, 'bagi_hasil', null, 'dua kali hari yang sama'],
      ['LAMA-2', '2024-03-05', 6_540_000, 'pelunasan', null, null],
    ];
    const file = await xlsx(header, rows);
    const receiptsBefore = await countRows(t.app.db, 'kwitansi_pembayaran');
    expect(await periksa('pembayaran', file)).toMatchObject({ baru: 5, jumlah_masalah: 0 });
    expect(await impor('pembayaran', file)).toMatchObject({ ditambahkan: 5, sudah_ada: 0 });

    // The same payments typed on the typed loan give the same maintained figures.
    const typed = (await t.request({ method: 'GET', url: '/api/pinjaman?search=KETIK-1' })).json().data[0] as Pinjaman;
    for (const [tanggal, angsuran_ke] of [
      ['2024-02-10', 1],
      ['2024-03-10', 2],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/pembayaran',
        payload: { pinjaman_id: typed.id, tanggal, jumlah: 1_240_000, jenis: 'angsuran', angsuran_ke, keterangan: null },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const loans = (
      await t.request({ method: 'GET', url: '/api/pinjaman?search=LAMA-&limit=10&sortBy=nomor_pinjaman&sortOrder=asc' })
    ).json().data as Pinjaman[];
    const again = (await t.request({ method: 'GET', url: `/api/pinjaman/${typed.id}` })).json().data as Pinjaman;
    const fields = (l: Pinjaman) => [
      l.sisa_pokok,
      l.total_pembayaran,
      l.status,
      l.kolektibilitas,
      l.hari_tunggakan,
      l.tunggakan_total,
    ];
    expect(fields(loans[0]!)).toEqual(fields(again));
    expect(loans[1]!.status).toBe('lunas');
    expect(loans[2]!.total_pembayaran).toBe(450_000);
    const receipts = await countRows(t.app.db, 'kwitansi_pembayaran');
    expect(receipts - receiptsBefore).toBe(5 + 2);

    expect(await impor('pembayaran', file)).toMatchObject({ ditambahkan: 0, sudah_ada: 5 });

    // The counters the triggers keep for typed rows hold what a recount from the tables gives.
    const counters = async () => {
      const tables = ['nasabah_counts', 'pinjaman_counts', 'pembayaran_counts', 'pembayaran_hari_counts'] as const;
      const out: Record<string, string> = {};
      for (const table of tables) {
        const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where n <> 0 order by 1, 2, 3`.execute(
          t.app.db,
        );
        out[table] = JSON.stringify(rows.rows);
      }
      return out;
    };
    const kept = await counters();
    await sql`select stat_counters_rebuild()`.execute(t.app.db);
    expect(kept).toEqual(await counters());
    // Receipt numbers: one per payment, none twice, the year's counter at the highest.
    const numbers = await sql<{ n: string; distinct: string; max: number; terakhir: number }>`
      select count(*) as n, count(distinct (tahun, urut)) as distinct, max(urut) as max,
             (select terakhir from kwitansi_pembayaran_counters where tahun = 2024) as terakhir
      from kwitansi_pembayaran where tahun = 2024`.execute(t.app.db);
    expect(Number(numbers.rows[0]!.n)).toBe(Number(numbers.rows[0]!.distinct));
    expect(numbers.rows[0]!.max).toBe(numbers.rows[0]!.terakhir);
    expect(numbers.rows[0]!.max).toBe(Number(numbers.rows[0]!.n));
  });

  it('has the portfolio’s past month-ends computed again with an imported loan', async () => {
    await t.app.ledgerJob.idle();
    const may = async () => {
      await t.app.ledgerJob.idle();
      const res = await t.request({ method: 'GET', url: '/api/laporan/kolektibilitas?bulan=2024-05' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.posisi as { outstanding: number } | null;
    };
    // A fresh history first: the typed payments of the test above were dated in the past, and a
    // typed payment does not recompute past month-ends.
    await forgetHistoryFrom(t.app.db, '2024-01-01', '2024-06-15');
    t.app.ledgerJob.rerunToday();
    const before = await may();
    expect(before).not.toBeNull();
    const csv = [
      'NIK Nasabah,Nomor Pinjaman,Tanggal Pinjam,Jumlah,Persentase,Tipe,Durasi Angsuran',
      '3201000000000102,LAMA-9,2024-01-15,1000000,2,pokok,12',
    ].join('\n');
    expect((await impor('pinjaman', Buffer.from(csv), 'susulan.csv')).ditambahkan).toBe(1);
    // Granted in January, nothing paid: all of its 1.000.000 principal outstanding at the end of May.
    expect((await may())!.outstanding).toBe(before!.outstanding + 1_000_000);
  });

  it('checks payments against their loan as staff would be checked', async () => {
    const csv = [
      'Nomor Pinjaman,Tanggal,Jumlah,Jenis,Angsuran Ke',
      'TIDAK-ADA,2024-03-01,100000,angsuran,1',
      'LAMA-1,2023-12-31,100000,pokok,',
      'LAMA-1,2024-04-10,1240000,angsuran,2',
      'LAMA-1,2024-04-10,1240000,angsuran,3',
      'LAMA-1,2024-05-10,1240000,angsuran,3',
      'LAMA-2,2024-04-01,100000,pokok,',
      'LAMA-1,2024-05-10,1240000,angsuran,',
    ].join('\n');
    const check = await periksa('pembayaran', Buffer.from(csv), 'p.csv');
    expect(check.masalah.map((m) => [m.baris, m.kolom, m.pesan])).toEqual([
      [2, 'Nomor Pinjaman', 'Pinjaman dengan nomor ini belum ada; impor pinjaman lebih dulu'],
      [3, 'Tanggal', 'Tanggal pembayaran tidak boleh sebelum tanggal pinjam (10 Januari 2024)'],
      [4, 'Angsuran Ke', 'Angsuran ke-2 untuk pinjaman ini sudah tercatat'],
      [6, 'Angsuran Ke', 'Angsuran ke-3 sama dengan baris 5'],
      [7, 'Nomor Pinjaman', 'Pinjaman ini sudah dilunasi dengan pembayaran pelunasan; pembayaran baru tidak dapat dicatat'],
      [8, 'Angsuran Ke', expect.stringMatching(/angsuran/i)],
    ]);
  });
});

describe('Bad files', () => {
  const refuse = async (data: Buffer, filename: string, status: number, message: string | RegExp) => {
    const res = await upload('/api/impor/nasabah/periksa', data, filename);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
  };

  it('says what is wrong with a file that cannot be imported, never 500', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await refuse(
      png,
      'foto.png',
      400,
      'Berkas tidak bisa dibaca sebagai spreadsheet XLSX atau CSV. Simpan ulang dari Excel sebagai .xlsx atau .csv.',
    );
    await refuse(
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]),
      'lama.xls',
      400,
      /tidak bisa dibaca/,
    );
    await refuse(Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(64)]), 'rusak.xlsx', 400, /tidak bisa dibaca/);
    await refuse(
      await xlsx(['Nama Lengkap', 'No KTP'], [['A', '1']]),
      'salah.xlsx',
      400,
      'Kolom Nama, NIK, Telepon, Alamat, Kecamatan, Kota tidak ditemukan di baris judul. Gunakan template impor nasabah.',
    );
    await refuse(await xlsx(nasabahHeaders, []), 'kosong.xlsx', 400, 'Berkas tidak berisi baris data di bawah baris judul');
    // The wrong sheet name: the first sheet is read.
    const other = await upload('/api/impor/nasabah/periksa', await xlsx(nasabahHeaders, [customerRow(1)], 'Sheet1'));
    expect(other.json().data.sudah_ada).toBe(1);
    await refuse(Buffer.alloc(20 * 1024 * 1024 + 10, 'a'), 'besar.csv', 413, 'Berkas terlalu besar; paling besar 20 MB');
    const none = await t.request({ method: 'POST', url: '/api/impor/nasabah/periksa', ...multipart({ catatan: 'x' }) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Pilih berkas XLSX atau CSV untuk diimpor');
    expect(
      (await upload('/api/impor/nasabah', await xlsx(nasabahHeaders, [customerRow(30)]), 'a.xlsx', operator.token)).statusCode,
    ).toBe(403);
  });
});
