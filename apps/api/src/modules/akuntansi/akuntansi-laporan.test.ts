/**
 * The books' read screens (issue 48): Jurnal (filters, an operator's own journals), Buku Besar
 * (opening balance, running balance across pages, closing balance tied to the trial balance), and
 * the XLSX, CSV and PDF of Jurnal, Buku Besar, Bagan Akun and Neraca Saldo, on PGlite and
 * PostgreSQL. The figures are checked against sums computed here from what was posted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { createTestApp, forgetMoneyEvents, type TestApp } from '../../test/test-app';
import { addNasabah, createKasir, postLoan, postPayment } from '../../test/populate';
import { expectPdfText, pdfPageSizes } from '../../test/pdf-text';
import { manualClock } from '../../lib/clock';
import { insertJournals } from '../../db/journal-writes';

const clock = manualClock(new Date('2024-06-15T05:00:00Z'));
let t: TestApp;
let kasir: { id: number; token: string };
let loanId: number;
let paymentId: number;
let kasirPaymentId: number;
/** The general journals written here: day, amount (Dr Kas, Cr Titipan Nasabah). */
const general: { tanggal: string; jumlah: number }[] = [];

interface Line {
  akun_id: number;
  kode: string;
  nama: string;
  debit: number;
  kredit: number;
}
interface Entry {
  id: number;
  nomor: string;
  tanggal: string;
  sumber: string;
  jenis_mutasi: string | null;
  pinjaman_id: number | null;
  pembayaran_id: number | null;
  keterangan: string;
  nomor_pinjaman: string | null;
  baris: Line[];
}
interface Ledger {
  akun: { id: number; kode: string; saldo_normal: 'debit' | 'kredit' };
  dari: string;
  sampai: string;
  saldo_awal: number;
  saldo_awal_halaman: number;
  baris: { id: number; nomor: string; tanggal: string; keterangan: string; debit: number; kredit: number; saldo: number }[];
  total_debit: number;
  total_kredit: number;
  saldo_akhir: number;
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

const get = async (url: string, token?: string) => t.request({ method: 'GET', url, ...(token ? { token } : {}) });
async function ok<T>(url: string, token?: string): Promise<T> {
  const res = await get(url, token);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json().data as T;
}
const akunId = async (kode: string) =>
  (await t.app.db.selectFrom('akun').select('id').where('kode', '=', kode).executeTakeFirstOrThrow()).id;
/** An account's debits less credits up to `tanggal`, per the trial balance. */
async function trialBalanceOf(kode: string, tanggal: string) {
  const tb = await ok<{ baris: { kode: string; debit: number; kredit: number }[] }>(
    `/api/akuntansi/neraca-saldo?tanggal=${tanggal}`,
  );
  const row = tb.baris.find((b) => b.kode === kode);
  return row ? row.debit - row.kredit : 0;
}
async function allJournals(query = '', token?: string): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`/api/akuntansi/jurnal?limit=100&page=${page}${query ? `&${query}` : ''}`, token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json() as { data: Entry[]; meta: { pagination: { totalPages: number } } };
    out.push(...body.data);
    if (page >= body.meta.pagination.totalPages) return out;
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  kasir = await createKasir(t);
  const nasabah = await addNasabah(t, 'Siti Aminah', { nik: '3201000000004801' });
  const loan = await postLoan(t, nasabah.id, { nomor_pinjaman: 'MRB-L1' });
  loanId = loan.id;
  paymentId = (await postPayment(t, loanId)).id;
  kasirPaymentId = (await postPayment(t, loanId, { angsuran_ke: 2, tanggal: '2024-03-29' }, kasir.token)).id;
  const other = await postLoan(t, (await addNasabah(t, 'Budi Santoso')).id, {
    nomor_pinjaman: 'MDH-L1',
    tipe: 'non-pokok',
    tanggal_pinjam: '2024-04-10',
  });
  await postPayment(t, other.id, { jenis: 'bagi_hasil', angsuran_ke: null, jumlah: 240_000, tanggal: '2024-05-10' });
  // 70 general journals over May and June (Dr Kas, Cr Titipan Nasabah), so that Kas has pages of lines.
  for (let i = 0; i < 70; i++)
    general.push({ tanggal: `2024-0${i < 35 ? 5 : 6}-${String((i % 14) + 1).padStart(2, '0')}`, jumlah: 10_000 * (i + 1) });
  await t.app.db.transaction().execute((trx) =>
    insertJournals(
      trx,
      general.map((g, i) => ({
        tanggal: g.tanggal,
        sumber: 'umum' as const,
        keterangan: `Setoran titipan ${i + 1}`,
        dicatat_oleh: null,
        lines: [
          { peran: 'kas' as const, debit: g.jumlah, kredit: 0 },
          { peran: 'titipan_nasabah' as const, debit: 0, kredit: g.jumlah },
        ],
      })),
    ),
  );
});
afterAll(async () => {
  if (t) await forgetMoneyEvents(t.app.db);
  await t?.close();
});

describe('GET /api/akuntansi/jurnal', () => {
  it('lists every journal newest first, each with its lines and what it was for', async () => {
    const all = await allJournals();
    const count = await t.app.db
      .selectFrom('jurnal')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(count.n));
    const keys = all.map((j) => `${j.tanggal}#${String(j.id).padStart(9, '0')}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const payment = all.find((j) => j.pembayaran_id === paymentId)!;
    expect(payment).toMatchObject({
      nomor: `JU-${String(payment.id).padStart(6, '0')}`,
      tanggal: '2024-02-29',
      sumber: 'mutasi',
      jenis_mutasi: 'pembayaran',
      pinjaman_id: loanId,
      nomor_pinjaman: 'MRB-L1',
      keterangan: 'Pembayaran · MRB-L1 · Siti Aminah',
    });
    expect(payment.baris.map(({ kode, debit, kredit }) => ({ kode, debit, kredit }))).toEqual([
      // Debits first, as a journal is written.
      { kode: '1101', debit: 1_240_000, kredit: 0 },
      { kode: '1202', debit: 240_000, kredit: 0 },
      { kode: '1201', debit: 0, kredit: 1_240_000 },
      { kode: '5101', debit: 0, kredit: 240_000 },
    ]);
    expect(all.find((j) => j.jenis_mutasi === 'akad' && j.pinjaman_id === loanId)?.keterangan).toBe(
      'Akad (pencairan) · MRB-L1 · Siti Aminah',
    );
    expect(all.filter((j) => j.sumber === 'umum').map((j) => j.keterangan)).toContain('Setoran titipan 70');
    for (const j of all) expect(j.baris.reduce((s, b) => s + b.debit - b.kredit, 0)).toBe(0);

    const res = await get('/api/akuntansi/jurnal?limit=20&page=2');
    expect(res.json().meta.pagination).toMatchObject({
      page: 2,
      limit: 20,
      total: all.length,
      totalPages: Math.ceil(all.length / 20),
    });
    expect((res.json().data as Entry[]).map((j) => j.id)).toEqual(all.slice(20, 40).map((j) => j.id));
  });

  it('filters by period, account, source, kind and loan', async () => {
    const all = await allJournals();
    const may = await allJournals('dari=2024-05-01&sampai=2024-05-31');
    expect(may.map((j) => j.id)).toEqual(
      all.filter((j) => j.tanggal >= '2024-05-01' && j.tanggal <= '2024-05-31').map((j) => j.id),
    );
    expect(may.length).toBeGreaterThan(35);

    const pendapatanMargin = await akunId('5101');
    const withMargin = await allJournals(`akun_id=${pendapatanMargin}`);
    expect(withMargin.map((j) => j.id)).toEqual(
      all.filter((j) => j.baris.some((b) => b.akun_id === pendapatanMargin)).map((j) => j.id),
    );
    expect(withMargin).toHaveLength(2);

    expect(await allJournals('sumber=umum')).toHaveLength(70);
    const payments = await allJournals('jenis=pembayaran');
    expect(payments.map((j) => j.pembayaran_id).sort()).toEqual(
      all
        .filter((j) => j.jenis_mutasi === 'pembayaran')
        .map((j) => j.pembayaran_id)
        .sort(),
    );
    expect(payments).toHaveLength(3);
    const ofLoan = await allJournals(`pinjaman_id=${loanId}`);
    expect(ofLoan.map((j) => j.jenis_mutasi).reverse()).toEqual(['akad', 'pembayaran', 'pembayaran']);
    expect(await allJournals(`pinjaman_id=${loanId}&jenis=akad&dari=2024-01-31&sampai=2024-01-31`)).toHaveLength(1);
  });

  it('refuses bad filters in Indonesian, and an unknown account or loan with 404', async () => {
    const cases: [string, number, string][] = [
      ['dari=2024-02-30', 400, 'Format tanggal tidak valid. Gunakan format YYYY-MM-DD'],
      ['dari=2024-06-01&sampai=2024-05-01', 400, 'Tanggal akhir tidak boleh sebelum tanggal awal'],
      ['jenis=gaji', 400, 'Filter jenis tidak valid'],
      ['sumber=kas', 400, 'Filter sumber jurnal tidak valid'],
      ['akun_id=abc', 400, 'ID tidak valid'],
      ['akun_id=999999', 404, 'Akun tidak ditemukan di bagan akun'],
      ['pinjaman_id=999999', 404, 'Pinjaman tidak ditemukan'],
    ];
    for (const [query, status, message] of cases) {
      const res = await get(`/api/akuntansi/jurnal?${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
  });

  it('shows an operator only the journals they posted, and refuses a read-only user', async () => {
    const mine = await allJournals('', kasir.token);
    expect(mine.map((j) => j.pembayaran_id)).toEqual([kasirPaymentId]);
    const posted = await t.app.db.selectFrom('jurnal').select('id').where('dicatat_oleh', '=', kasir.id).execute();
    expect(mine.map((j) => j.id)).toEqual(posted.map((p) => p.id));
    // Filters narrow it further, never widen it.
    expect(await allJournals('sumber=umum', kasir.token)).toEqual([]);
    const file = await get('/api/akuntansi/jurnal/ekspor?format=csv', kasir.token);
    expect(file.statusCode).toBe(200);
    const records = parse(file.body, { bom: true, relax_column_count: true }) as string[][];
    expect(records[2]).toEqual(['Filter: Hanya jurnal yang Anda catat']);
    expect(new Set(records.slice(6).map((r) => r[1]))).toEqual(new Set(mine.map((j) => j.nomor)));

    const reader = await t.createUser({ username: 'pembaca', password: 'rahasia-pembaca-1', role: 'user' });
    for (const url of ['/api/akuntansi/jurnal', '/api/akuntansi/jurnal/ekspor', '/api/akuntansi/jurnal.pdf']) {
      const res = await get(url, reader.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Hanya admin, manajer dan operator yang dapat melihat jurnal');
    }
    const kas = await akunId('1101');
    for (const url of [
      `/api/akuntansi/buku-besar?akun_id=${kas}`,
      `/api/akuntansi/buku-besar/ekspor?akun_id=${kas}`,
      `/api/akuntansi/buku-besar.pdf?akun_id=${kas}`,
      '/api/akuntansi/akun/ekspor',
      '/api/akuntansi/bagan-akun.pdf',
      '/api/akuntansi/neraca-saldo/ekspor',
      '/api/akuntansi/neraca-saldo.pdf',
    ]) {
      const res = await get(url, kasir.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Hanya admin dan manajer yang dapat melihat pembukuan');
    }
  });
});

describe('GET /api/akuntansi/buku-besar', () => {
  it('opens with the balance before the period and closes on the trial balance, in the normal-balance sign', async () => {
    for (const [kode, sign] of [
      ['1101', 1],
      ['1202', -1],
      ['2101', -1],
    ] as const) {
      // Periods that start and end inside a month: the opening balance reads months and days.
      const ledger = await ok<Ledger>(
        `/api/akuntansi/buku-besar?akun_id=${await akunId(kode)}&dari=2024-02-15&sampai=2024-05-08`,
      );
      expect(ledger.akun.kode).toBe(kode);
      const [before, after] = [await trialBalanceOf(kode, '2024-02-14'), await trialBalanceOf(kode, '2024-05-08')];
      expect(ledger.saldo_awal, kode).toBe(sign * before || 0);
      expect(ledger.saldo_akhir, kode).toBe(sign * after || 0);
      expect(ledger.saldo_akhir, kode).not.toBe(ledger.saldo_awal);
      expect(ledger.saldo_akhir - ledger.saldo_awal).toBe(sign * (ledger.total_debit - ledger.total_kredit) || 0);
    }
  });

  it('carries the running balance from page to page, each page computed on its own', async () => {
    const kas = await akunId('1101');
    const pages: Ledger[] = [];
    for (let page = 1; ; page++) {
      const ledger = await ok<Ledger>(`/api/akuntansi/buku-besar?akun_id=${kas}&dari=2024-01-01&sampai=2024-06-15&page=${page}`);
      pages.push(ledger);
      if (page >= ledger.pagination.totalPages) break;
    }
    expect(pages).toHaveLength(2);
    const [first, second] = pages as [Ledger, Ledger];
    expect(first.saldo_awal).toBe(0);
    expect(first.baris).toHaveLength(50);
    expect(first.pagination).toEqual({ page: 1, limit: 50, total: 2 + 3 + 70, totalPages: 2 });
    expect(second.saldo_awal_halaman).toBe(first.baris.at(-1)!.saldo);
    // Every running balance against a sum computed here, line by line, in date and posting order.
    const lines = pages.flatMap((p) => p.baris);
    const keys = lines.map((l) => `${l.tanggal}#${String(l.id).padStart(9, '0')}`);
    expect(keys).toEqual([...keys].sort());
    let saldo = 0;
    for (const line of lines) {
      saldo += line.debit - line.kredit;
      expect(line.saldo).toBe(saldo);
    }
    expect(saldo).toBe(second.saldo_akhir);
    expect(saldo).toBe(-2 * 12_000_000 + 2 * 1_240_000 + 240_000 + general.reduce((s, g) => s + g.jumlah, 0));
    expect(second.baris.find((l) => l.keterangan === 'Setoran titipan 70')).toBeDefined();
    // A page past the end has no lines and the right figures still.
    const beyond = await ok<Ledger>(`/api/akuntansi/buku-besar?akun_id=${kas}&dari=2024-01-01&sampai=2024-06-15&page=3`);
    expect(beyond.baris).toEqual([]);
    expect(beyond.saldo_akhir).toBe(saldo);
  });

  it('takes this month up to today by default, and refuses a bad account or date', async () => {
    const kas = await akunId('1101');
    const ledger = await ok<Ledger>(`/api/akuntansi/buku-besar?akun_id=${kas}`);
    expect([ledger.dari, ledger.sampai]).toEqual(['2024-06-01', '2024-06-15']);
    const cases: [string, number, string][] = [
      ['', 400, 'Akun harus dipilih'],
      ['akun_id=999999', 404, 'Akun tidak ditemukan di bagan akun'],
      [`akun_id=${kas}&dari=2024-13-01`, 400, 'Format tanggal tidak valid. Gunakan format YYYY-MM-DD'],
      [`akun_id=${kas}&dari=2024-06-10&sampai=2024-06-01`, 400, 'Tanggal akhir tidak boleh sebelum tanggal awal'],
      [`akun_id=${kas}&page=0`, 400, 'Halaman minimal 1'],
    ];
    for (const [query, status, message] of cases) {
      const res = await get(`/api/akuntansi/buku-besar?${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
  });
});

/** The rows of an XLSX export's first sheet, from its header row (row 6) on. */
async function xlsxRows(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) rows.push((sheet.getRow(r).values as ExcelJS.CellValue[]).slice(1));
  return { res, rows, sheet };
}

describe('the files', () => {
  it('exports the journals as XLSX, a row per line with amounts as numbers, and as CSV', async () => {
    const journals = await allJournals(`pinjaman_id=${loanId}`);
    const { res, rows } = await xlsxRows(`/api/akuntansi/jurnal/ekspor?pinjaman_id=${loanId}`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="jurnal-2024-06-15.xlsx"');
    expect(rows[2]).toEqual(['Filter: Pinjaman: MRB-L1']);
    expect(rows[5]).toEqual(['Tanggal', 'No. Jurnal', 'Keterangan', 'No. Pinjaman', 'Kode Akun', 'Nama Akun', 'Debit', 'Kredit']);
    const body = rows.slice(6);
    expect(body).toHaveLength(journals.reduce((n, j) => n + j.baris.length, 0));
    const expected = journals.flatMap((j) => j.baris.map((b) => [j.nomor, b.kode, b.debit || undefined, b.kredit || undefined]));
    expect(body.map((r) => [r[1], r[4], r[6] ?? undefined, r[7] ?? undefined])).toEqual(expected);
    expect(typeof body[0]![6] === 'number' || typeof body[0]![7] === 'number').toBe(true);
    expect(body[0]![0]).toBeInstanceOf(Date);

    const csv = await get(`/api/akuntansi/jurnal/ekspor?format=csv&sumber=umum&dari=2024-06-01`);
    expect(csv.statusCode).toBe(200);
    const records = parse(csv.body, { bom: true, relax_column_count: true }) as string[][];
    expect(records[2]).toEqual(['Filter: Periode: Sejak 1 Juni 2024; Sumber: Jurnal umum']);
    const june = general.filter((g) => g.tanggal >= '2024-06-01');
    expect(records.slice(6)).toHaveLength(2 * june.length);
    expect(records.slice(6).reduce((s, r) => s + Number(r[6] || 0), 0)).toBe(june.reduce((s, g) => s + g.jumlah, 0));
  });

  it('exports a ledger with its opening balance, every line and its closing balance', async () => {
    const kas = await akunId('1101');
    const period = 'dari=2024-02-01&sampai=2024-06-15';
    const ledger = await ok<Ledger>(`/api/akuntansi/buku-besar?akun_id=${kas}&${period}`);
    const { res, rows } = await xlsxRows(`/api/akuntansi/buku-besar/ekspor?akun_id=${kas}&${period}`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="buku-besar-1101-2024-02-01-sd-2024-06-15.xlsx"');
    const body = rows.slice(6);
    expect(body[0]).toEqual([undefined, undefined, 'Saldo awal', undefined, undefined, ledger.saldo_awal]);
    expect(body).toHaveLength(1 + ledger.pagination.total + 1);
    expect(body.at(-1)).toEqual([
      undefined,
      undefined,
      'Jumlah dan saldo akhir',
      ledger.total_debit,
      ledger.total_kredit,
      ledger.saldo_akhir,
    ]);
    expect(body.at(-2)![5]).toBe(ledger.saldo_akhir);
    expect(body.slice(1, 51).map((r) => r[5])).toEqual(ledger.baris.map((b) => b.saldo));

    const csv = await get(`/api/akuntansi/buku-besar/ekspor?akun_id=${kas}&${period}&format=csv`);
    const records = parse(csv.body, { bom: true, relax_column_count: true }) as string[][];
    expect(records.at(-1)).toEqual([
      '',
      '',
      'Jumlah dan saldo akhir',
      String(ledger.total_debit),
      String(ledger.total_kredit),
      String(ledger.saldo_akhir),
    ]);
  });

  it('exports the chart of accounts and the trial balance', async () => {
    const chart = await ok<{ kode: string }[]>('/api/akuntansi/akun');
    const csv = await get('/api/akuntansi/akun/ekspor?format=csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="bagan-akun-2024-06-15.csv"');
    const records = parse(csv.body, { bom: true, relax_column_count: true }) as string[][];
    expect(records[5]).toEqual(['Kode', 'Nama Akun', 'Kelompok', 'Saldo Normal', 'Aktif', 'Menampung']);
    expect(records.slice(6).map((r) => r[0])).toEqual(chart.map((a) => `'${a.kode}`));
    expect(records.find((r) => r[0] === "'1202")).toEqual([
      "'1202",
      'Margin Murabahah Tangguhan',
      'Aset',
      'Kredit',
      'Ya',
      'Margin murabahah yang belum diakui',
    ]);

    const tb = await ok<{ total_debit: number; baris: { kode: string; debit: number; kredit: number }[] }>(
      '/api/akuntansi/neraca-saldo?tanggal=2024-05-31',
    );
    const { res, rows } = await xlsxRows('/api/akuntansi/neraca-saldo/ekspor?tanggal=2024-05-31');
    expect(res.headers['content-disposition']).toBe('attachment; filename="neraca-saldo-2024-05-31.xlsx"');
    const body = rows.slice(6);
    expect(body.slice(0, -1).map((r) => [r[0], r[3] ?? 0, r[4] ?? 0])).toEqual(tb.baris.map((b) => [b.kode, b.debit, b.kredit]));
    expect(body.at(-1)).toEqual([undefined, 'Jumlah', undefined, tb.total_debit, tb.total_debit]);
  });

  it('prints each of the four as an A4 PDF under the institution’s name', async () => {
    const kas = await akunId('1101');
    const ledger = await ok<Ledger>(`/api/akuntansi/buku-besar?akun_id=${kas}&dari=2024-06-01&sampai=2024-06-15`);
    const cases: [string, string, string[]][] = [
      [
        `/api/akuntansi/jurnal.pdf?pinjaman_id=${loanId}`,
        'Jurnal.pdf',
        ['JURNAL', 'Pinjaman: MRB-L1', 'Pembayaran · MRB-L1 · Siti Aminah', '1101 Kas', 'Rp 1.240.000'],
      ],
      [
        `/api/akuntansi/buku-besar.pdf?akun_id=${kas}&dari=2024-06-01&sampai=2024-06-15`,
        'Buku-Besar-1101-2024-06-01-sd-2024-06-15.pdf',
        [
          'BUKU BESAR',
          '1101 Kas',
          '1 Juni 2024 – 15 Juni 2024',
          'Saldo awal',
          `Rp ${ledger.saldo_akhir.toLocaleString('id-ID')}`,
        ],
      ],
      ['/api/akuntansi/bagan-akun.pdf', 'Bagan-Akun.pdf', ['BAGAN AKUN', 'Dana Syirkah Temporer', 'Margin Murabahah Tangguhan']],
      [
        '/api/akuntansi/neraca-saldo.pdf?tanggal=2024-06-15',
        'Neraca-Saldo-2024-06-15.pdf',
        ['NERACA SALDO', '15 Juni 2024', 'Seimbang: jumlah debit sama dengan jumlah kredit.'],
      ],
    ];
    for (const [url, name, phrases] of cases) {
      const res = await get(url);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(pdfPageSizes(res.rawPayload)[0]).toEqual([595.28, 841.89]);
      expectPdfText(res.rawPayload, [t.app.config.institutionName, ...phrases]);
    }
    const bad = await get('/api/akuntansi/buku-besar.pdf?akun_id=999999');
    expect(bad.statusCode).toBe(404);
  });
});
