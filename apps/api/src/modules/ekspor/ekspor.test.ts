import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import type { Nasabah, NotificationRecipient, Pembayaran, Pinjaman, Tunggakan, WaMessage } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { populate, type Populated } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import { runDailyLedger } from '../ledger/ledger.service';

// Exports of every list (issue 26 B): the list's filters and sort, every row, as XLSX (read back
// with exceljs) and CSV (read back with csv-parse), compared row by row with the list's own JSON.

const clock = manualClock(new Date('2024-06-15T05:00:00Z')); // 12:00 WIB
let t: TestApp;
let book: Populated;
const EXTRA_CUSTOMERS = 1_050; // more than one batch of 1000

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  book = await populate(t);
  await sql`insert into nasabah (nama, nik, telepon, alamat, kecamatan, kota, status, tanggal_nasabah)
    select 'Massal ' || lpad(i::text, 4, '0'), '3202' || lpad(i::text, 12, '0'), '0813' || lpad(i::text, 8, '0'),
           'Jl. Melati ' || i, 'Beji', 'Depok', case when i % 3 = 0 then 'nonaktif' else 'aktif' end, date '2023-01-01' + i
    from generate_series(1, ${EXTRA_CUSTOMERS}) i`.execute(t.app.db);
  await runDailyLedger(t.app.db, '2024-06-15');
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Cell = string | number | null;

async function download(url: string) {
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res;
}

/** The sheet's title rows and its table (header and rows) as plain values; dates as 'YYYY-MM-DD' or '… HH:MM'. */
async function readXlsx(url: string) {
  const res = await download(url);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values: Cell[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const cell = row.getCell(c);
      const v = cell.value;
      if (v instanceof Date) {
        const text = v.toISOString();
        values.push(cell.numFmt?.includes('hh') ? `${text.slice(0, 10)} ${text.slice(11, 16)}` : text.slice(0, 10));
      } else values.push(v === undefined || v === null ? null : (v as string | number));
    }
    rows.push(values);
  });
  return { res, sheet, titles: rows.slice(0, 4).map((r) => r[0]), header: rows[5]!, rows: rows.slice(6) };
}

async function readCsv(url: string) {
  const res = await download(url);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const records = parse(res.body, { bom: true, relax_column_count: true }) as string[][];
  return { res, titles: records.slice(0, 4).map((r) => r[0]), header: records[5]!, rows: records.slice(6) };
}

/** An identifier of digits (NIK, phone) as CSV writes it: with the spreadsheets' text mark, so that no digit is lost. */
const digitsText = (id: string | null | undefined) => (id ? `'${id}` : '');

/** XLSX cells as CSV writes them: numbers as digits, empty as '', the identifiers at `identifiers` with their text mark. */
const asCsv =
  (...identifiers: number[]) =>
  (row: Cell[]) =>
    row.map((v, i) => (identifiers.includes(i) ? digitsText(v as string | null) : v === null ? '' : String(v)));

async function listAll<T>(url: string, pick: (body: never) => T[] = (body: { data: T[] }) => body.data) {
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return pick(res.json() as never);
}

/** An instant as the export writes it: Jakarta 'YYYY-MM-DD HH:MM'. */
const jakarta = (iso: string) => new Date(new Date(iso).getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

describe('GET /api/nasabah/ekspor', () => {
  const expected = (n: Nasabah): Cell[] => [
    n.nama,
    n.nik,
    n.telepon,
    n.alamat,
    n.kecamatan,
    n.kota,
    n.tanggal_nasabah,
    n.status === 'aktif' ? 'Aktif' : 'Nonaktif',
    n.terima_pengingat ? 'Ya' : 'Tidak',
    n.total_pinjaman,
    n.data_completeness.length > 0 ? n.data_completeness.join(', ') : null,
    jakarta(n.created_at),
  ];

  it('writes every customer in the list’s order as XLSX, with title rows, Rp amounts and real dates', async () => {
    const list = await listAll<Nasabah>('/api/nasabah?limit=1000&sortBy=nama&sortOrder=asc');
    const more = await listAll<Nasabah>('/api/nasabah?limit=1000&page=2&sortBy=nama&sortOrder=asc');
    const all = [...list, ...more];
    expect(all).toHaveLength(3 + EXTRA_CUSTOMERS);
    const file = await readXlsx('/api/nasabah/ekspor?format=xlsx&sortBy=nama&sortOrder=asc');
    expect(file.res.headers['content-disposition']).toBe('attachment; filename="nasabah-2024-06-15.xlsx"');
    expect(file.titles).toEqual([
      'BMT Mizan Syariah',
      'Data Nasabah',
      'Filter: Urut: Nama ↑',
      'Diekspor: 15 Juni 2024 pukul 12.00 WIB',
    ]);
    expect(file.header).toEqual([
      'Nama',
      'NIK',
      'Telepon',
      'Alamat',
      'Kecamatan',
      'Kota',
      'Tanggal Nasabah',
      'Status',
      'Terima Pengingat',
      'Total Pinjaman',
      'Data Belum Lengkap',
      'Dibuat',
    ]);
    expect(file.rows).toEqual(all.map(expected));
    const money = file.sheet.getRow(7).getCell(10);
    expect(money.numFmt).toBe('"Rp"#,##0');
    expect(file.sheet.getRow(7).getCell(7).numFmt).toBe('dd/mm/yyyy');
  });

  it('applies the list’s filters, and says them in the title rows; CSV holds the same rows', async () => {
    const query = 'search=massal%2000&status=nonaktif&sortBy=nik&sortOrder=desc';
    const list = await listAll<Nasabah>(`/api/nasabah?limit=1000&${query}`);
    expect(list.length).toBeGreaterThan(5);
    const xlsx = await readXlsx(`/api/nasabah/ekspor?${query}`);
    expect(xlsx.titles[2]).toBe('Filter: Cari: massal 00; Status: Nonaktif; Urut: NIK ↓');
    expect(xlsx.rows).toEqual(list.map(expected));
    const csv = await readCsv(`/api/nasabah/ekspor?format=csv&${query}`);
    expect(csv.res.headers['content-disposition']).toBe('attachment; filename="nasabah-2024-06-15.csv"');
    expect(csv.titles).toEqual(xlsx.titles);
    expect(csv.header).toEqual(xlsx.header);
    expect(csv.rows).toEqual(xlsx.rows.map(asCsv(1, 2)));
  });

  it.each([
    ['created_at', 'desc'],
    ['status', 'asc'],
    ['total_pinjaman', 'desc'],
    ['nik', 'asc'],
    ['alamat', 'desc'],
  ])('keeps the list’s order over more than one batch when sorted by %s %s', async (sortBy, sortOrder) => {
    const query = `sortBy=${sortBy}&sortOrder=${sortOrder}`;
    const all = [
      ...(await listAll<Nasabah>(`/api/nasabah?limit=1000&${query}`)),
      ...(await listAll<Nasabah>(`/api/nasabah?limit=1000&page=2&${query}`)),
    ];
    const file = await readCsv(`/api/nasabah/ekspor?format=csv&${query}`);
    expect(file.rows.map((row) => row[1])).toEqual(all.map((n) => digitsText(n.nik)));
  });

  it('writes only the title rows and header when nothing matches', async () => {
    const file = await readXlsx('/api/nasabah/ekspor?search=tidak-ada-yang-cocok');
    expect(file.header[0]).toBe('Nama');
    expect(file.rows).toEqual([]);
  });

  it('refuses a bad format, sort key or missing token with an Indonesian message', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/nasabah/ekspor?format=pdf' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errors: [{ path: 'format', msg: 'Format ekspor harus xlsx atau csv' }] });
    const sort = await t.request({ method: 'GET', url: '/api/nasabah/ekspor?sortBy=password' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toMatchObject({ errors: [{ path: 'sortBy', msg: 'Kolom pengurutan tidak valid' }] });
    const anonymous = await t.request({ method: 'GET', url: '/api/nasabah/ekspor', token: null });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/pinjaman/ekspor', () => {
  it('writes the loans with their balance and class, as the list filters them', async () => {
    const list = await listAll<Pinjaman>('/api/pinjaman?limit=1000&tipe=pokok&sortBy=nomor_pinjaman&sortOrder=asc');
    expect(list.map((p) => p.nomor_pinjaman)).toEqual(['A001', 'A002']);
    const file = await readXlsx('/api/pinjaman/ekspor?tipe=pokok&sortBy=nomor_pinjaman&sortOrder=asc');
    expect(file.titles[1]).toBe('Data Pinjaman');
    expect(file.titles[2]).toBe('Filter: Tipe: Pokok; Urut: No. Pinjaman ↑');
    expect(file.rows).toEqual(
      list.map((p) => [
        p.nomor_pinjaman,
        p.urutan_pinjaman,
        p.nasabah.nama,
        p.nasabah.nik,
        p.tanggal_pinjam,
        p.tipe === 'pokok' ? 'Pokok' : 'Non-Pokok',
        p.jumlah,
        p.persentase,
        p.durasi_angsuran,
        p.angsuran_per_bulan,
        p.total_pembayaran,
        p.sisa_pokok,
        'Aktif',
        p.kolektibilitas,
        p.hari_tunggakan,
        p.tunggakan_total,
        p.jaminan,
        p.keterangan,
        jakarta(p.created_at),
      ]),
    );
    expect(file.header.slice(0, 4)).toEqual(['No. Pinjaman', 'Pinjaman Ke', 'Nasabah', 'NIK']);
    // The ledger was refreshed on 2024-06-15: A001 (paid to February) and A002 (nothing) are late.
    // The class is a number a spreadsheet can sum and filter by (issue 54), not the text "2".
    expect(file.rows.every((row) => typeof row[13] === 'number')).toBe(true);
  });
});

describe('pinjaman export by key', () => {
  it.each([
    ['created_at', 'desc'],
    ['nasabah', 'asc'],
    ['jumlah', 'desc'],
    ['persentase', 'asc'],
    ['tanggal_pinjam', 'desc'],
    ['tipe', 'asc'],
    ['hari_tunggakan', 'desc'],
  ])('keeps the list’s order over more than one batch when sorted by %s %s', async (sortBy, sortOrder) => {
    const { n } = await t.app.db
      .selectFrom('pinjaman')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('nomor_pinjaman', 'like', 'M-%')
      .executeTakeFirstOrThrow();
    if (Number(n) === 0)
      await sql`insert into pinjaman (nasabah_id, nomor_pinjaman, urutan_pinjaman, tanggal_pinjam, jumlah, persentase, tipe,
          durasi_angsuran, status, sisa_pokok)
        select id, 'M-' || lpad(id::text, 5, '0'), 1, date '2024-01-01' + (id % 90), 1000000 + (id % 7) * 500000,
               1.5 + (id % 3), case when id % 2 = 0 then 'pokok' else 'non-pokok' end,
               case when id % 2 = 0 then 12 end, 'aktif', 1000000 + (id % 7) * 500000
        from nasabah where nama like 'Massal %'`.execute(t.app.db);
    const query = `search=M-&sortBy=${sortBy}&sortOrder=${sortOrder}`;
    const all = [
      ...(await listAll<Pinjaman>(`/api/pinjaman?limit=1000&${query}`)),
      ...(await listAll<Pinjaman>(`/api/pinjaman?limit=1000&page=2&${query}`)),
    ];
    expect(all.length).toBe(EXTRA_CUSTOMERS);
    const file = await readCsv(`/api/pinjaman/ekspor?format=csv&${query}`);
    expect(file.rows.map((row) => row[0])).toEqual(all.map((p) => p.nomor_pinjaman));
  });
});

describe('GET /api/pembayaran/ekspor', () => {
  it('writes the living payments with their loan and customer', async () => {
    const list = await listAll<Pembayaran>('/api/pembayaran?limit=1000');
    expect(list).toHaveLength(2);
    const file = await readCsv('/api/pembayaran/ekspor?format=csv&jenis=angsuran');
    expect(file.titles[1]).toBe('Data Pembayaran');
    expect(file.titles[2]).toBe('Filter: Jenis: Angsuran; Urut: Tanggal ↓');
    expect(file.header).toEqual([
      'Tanggal',
      'No. Pinjaman',
      'Nasabah',
      'NIK',
      'Tipe',
      'Jenis',
      'Angsuran Ke',
      'Jumlah',
      'Keterangan',
      'Dicatat',
    ]);
    expect(file.rows).toEqual(
      list.map((p) => [
        p.tanggal,
        p.pinjaman.nomor_pinjaman,
        p.pinjaman.nasabah.nama,
        digitsText(p.pinjaman.nasabah.nik),
        'Pokok',
        'Angsuran',
        String(p.angsuran_ke),
        String(p.jumlah),
        p.keterangan ?? '',
        jakarta(p.created_at),
      ]),
    );
  });

  it('refuses a month out of range', async () => {
    const res = await t.request({ method: 'GET', url: '/api/pembayaran/ekspor?month=13' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ path: 'month' }] });
  });
});

describe('GET /api/tunggakan/ekspor', () => {
  it('writes the loans in arrears with the amounts late and their class', async () => {
    const list = await listAll<Tunggakan>('/api/tunggakan?limit=1000');
    expect(list.length).toBe(2);
    const file = await readXlsx('/api/tunggakan/ekspor?kota=Bogor');
    expect(file.titles[1]).toBe('Daftar Tunggakan');
    expect(file.titles[2]).toBe('Filter: Kota: Bogor; Urut: Hari Tunggakan ↓');
    expect(file.rows).toEqual(
      list.map((r) => [
        r.nasabah.nama,
        r.nasabah.nik,
        r.nasabah.telepon,
        r.nasabah.kota,
        r.nasabah.kecamatan,
        r.nomor_pinjaman,
        'Pokok',
        r.kolektibilitas,
        r.hari_tunggakan,
        r.angsuran_tertunggak,
        r.tunggakan_pokok,
        r.tunggakan_margin,
        r.tunggakan_bagi_hasil,
        r.tunggakan_total,
        r.jatuh_tempo_tertua,
        r.sisa_pokok,
        r.ledger_tanggal,
      ]),
    );
    expect(file.header[7]).toBe('Kolektibilitas');
  });
});

describe('GET /api/wa-notification-recipients/ekspor and /api/wa-messages/ekspor', () => {
  it('writes the recipients as the list filters them', async () => {
    const list = await listAll<NotificationRecipient>(
      '/api/wa-notification-recipients?limit=1000&search=siti',
      (body: { data: { recipients: NotificationRecipient[] } }) => body.data.recipients,
    );
    expect(list).toHaveLength(1);
    const file = await readCsv('/api/wa-notification-recipients/ekspor?format=csv&search=siti');
    expect(file.titles[1]).toBe('Penerima Notifikasi');
    expect(file.titles[2]).toBe('Filter: Cari: siti');
    expect(file.header).toEqual(['Nama', 'Nomor WhatsApp', 'Status', 'Dibuat']);
    expect(file.rows).toEqual(list.map((r) => [r.name, digitsText(r.phone_number), 'Aktif', jakarta(r.created_at)]));
  });

  it('writes the message log, newest first', async () => {
    await t.app.db
      .insertInto('wa_messages')
      .values([
        {
          jenis: 'manual',
          idempotency_key: 'ekspor-1',
          phone_number: '6281234567890',
          nama: 'Pak Ahmad',
          text: 'Assalamualaikum',
          status: 'SENT',
        },
        {
          jenis: 'test',
          idempotency_key: 'ekspor-2',
          phone_number: '6285712340000',
          nama: 'Bu Siti',
          text: 'Tes',
          status: 'FAILED',
          error: 'Nomor tidak aktif',
        },
      ] as never)
      .execute();
    const list = await listAll<WaMessage>(
      '/api/wa-messages?limit=1000',
      (body: { data: { messages: WaMessage[] } }) => body.data.messages,
    );
    expect(list.length).toBeGreaterThanOrEqual(2);
    const file = await readXlsx('/api/wa-messages/ekspor');
    expect(file.titles[1]).toBe('Riwayat Pesan WhatsApp');
    expect(file.header).toEqual(['Waktu', 'Jenis', 'Acara', 'Nama', 'Nomor', 'Status', 'Percobaan', 'Pesan', 'Keterangan']);
    expect(file.rows.map((r) => [r[0], r[3], r[5], r[8]])).toEqual(
      list.map((m) => [
        jakarta(m.created_at),
        m.nama,
        m.status === 'SENT' ? 'Terkirim' : m.status === 'FAILED' ? 'Gagal' : m.status,
        m.error,
      ]),
    );
    const bad = await t.request({ method: 'GET', url: '/api/wa-messages/ekspor?dari=2024-06-10&sampai=2024-06-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ path: 'sampai' }] });
  });
});

describe('message log export by key', () => {
  it('keeps the newest-first order over more than one batch, messages of one instant included', async () => {
    // 1 150 messages: five to a millisecond, a microsecond apart within it; the first batch ends inside
    // one (a millisecond Date as the next batch's key would skip the rest of it).
    await sql`insert into wa_messages (jenis, idempotency_key, phone_number, nama, text, status, created_at)
      select 'manual', 'batch-' || i, '62812' || lpad(i::text, 8, '0'), 'Massal ' || i, 'Pesan ' || i, 'SENT',
             timestamptz '2024-06-01 08:00:00.123456+07' + ((i / 5) * interval '1 millisecond') + ((i % 5) * interval '1 microsecond')
      from generate_series(1, 1150) i`.execute(t.app.db);
    const pages = [
      ...(await listAll<WaMessage>(
        '/api/wa-messages?limit=1000&search=massal',
        (body: { data: { messages: WaMessage[] } }) => body.data.messages,
      )),
      ...(await listAll<WaMessage>(
        '/api/wa-messages?limit=1000&page=2&search=massal',
        (body: { data: { messages: WaMessage[] } }) => body.data.messages,
      )),
    ];
    expect(pages).toHaveLength(1150);
    const file = await readCsv('/api/wa-messages/ekspor?format=csv&search=massal');
    expect(file.rows.map((r) => r[3])).toEqual(pages.map((m) => m.nama));
  });
});

describe('export limits', () => {
  it('refuses a list read page by page above 100 000 rows before sending anything', async () => {
    await sql`insert into wa_recipients (name, phone_number, status)
      select 'Massal ' || i, '62899' || lpad(i::text, 8, '0'), 'active' from generate_series(1, 100001) i`.execute(t.app.db);
    const res = await t.request({ method: 'GET', url: '/api/wa-notification-recipients/ekspor?format=csv' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toBe(
      'Data terlalu banyak untuk satu file (100.003 baris, maksimal 100.000). Persempit filter, misalnya per bulan atau per status.',
    );
    const narrowed = await t.request({ method: 'GET', url: '/api/wa-notification-recipients/ekspor?format=csv&search=siti' });
    expect(narrowed.statusCode).toBe(200);
  });
});

describe('export users', () => {
  it('lets a read-only user export what they may read', async () => {
    const reader = await t.createUser({ username: 'pembaca', password: 'rahasia-pembaca-1', role: 'user' });
    const res = await t.request({ method: 'GET', url: '/api/pembayaran/ekspor?format=csv', token: reader.token });
    expect(res.statusCode).toBe(200);
    const [, , first] = (parse(res.body, { bom: true, relax_column_count: true, from_line: 6 }) as string[][]).map((r) => r[7]);
    expect(book.payments).toHaveLength(3); // one of them deleted: two rows
    expect(first).toBe('1240000');
  });
});
