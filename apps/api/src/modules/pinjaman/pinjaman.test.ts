import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { angsuranPerBulan, calculateMurabahah, KWITANSI_MAX_BYTES, messages, pinjamanSortKeys, type Pinjaman } from '@mizan/core';
import { createTestApp, type TestApp, clearBook } from '../../test/test-app';
import { activityOfType, countRows } from '../../test/rows';
import { kwitansiDir } from '../../lib/file-storage';
import { addNasabah, loanFormFields, multipart, pngBytes, workedExampleLoan, type FilePart } from '../../test/populate';
import { expectFieldError, expectFieldErrors, pagingRefusals } from '../../test/refusals';
import { NASABAH_NOT_ACTIVE } from './pinjaman.service';

const m = messages.pinjaman;

let t: TestApp;
let uploads: string;
beforeAll(async () => {
  t = await createTestApp();
  uploads = kwitansiDir(t.config.dataDir);
});
afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await clearBook(t.app.db);
  fs.rmSync(uploads, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// helpers

const jpegBytes = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]), crypto.randomBytes(300)]);
const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** The form's worked-example loan (`loanFormFields`) with its place among the customer's loans and a note. */
const loanFields = (nasabahId: number, overrides: Record<string, string | number | null | undefined> = {}) =>
  loanFormFields(nasabahId, { urutan_pinjaman: 1, keterangan: 'Modal warung', ...overrides });

async function createLoan(
  nasabahId: number,
  overrides: Record<string, string | number | null | undefined> = {},
  file?: FilePart,
) {
  const body = multipart(loanFields(nasabahId, overrides), file);
  const res = await t.request({ method: 'POST', url: '/api/pinjaman', ...body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Pinjaman;
}

const storedFiles = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []);
const totalPinjaman = async (id: number) =>
  (await t.app.db.selectFrom('nasabah').select('total_pinjaman').where('id', '=', id).executeTakeFirstOrThrow()).total_pinjaman;
const get = (url: string, token?: string | null) => t.request({ method: 'GET', url, ...(token === undefined ? {} : { token }) });

// ---------------------------------------------------------------------------------------------

describe('creating a loan', () => {
  it('records the spec worked example with a PNG receipt: server fields follow the core formulas', async () => {
    const budi = await addNasabah(t, 'Budi Santoso');
    const png = pngBytes();
    const loan = await createLoan(budi.id, {}, { filename: 'kwitansi.png', type: 'image/png', data: png });

    expect(loan).toMatchObject({
      nasabah_id: budi.id,
      nasabah: { id: budi.id, nama: 'Budi Santoso', nik: budi.nik },
      ...workedExampleLoan,
      urutan_pinjaman: 1,
      jaminan: 'BPKB motor',
      keterangan: 'Modal warung',
      status: 'aktif',
      sisa_pokok: 12_000_000,
      total_pembayaran: 0,
      data_completeness: [],
    });
    // Spec worked numbers, literally, and the same as the core formula.
    expect(loan.angsuran_per_bulan).toBe(1_240_000);
    expect(loan.angsuran_per_bulan).toBe(calculateMurabahah(12_000_000, 2, 12).monthlyInstalment);
    expect(loan.kwitansi).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(loan.kwitansi_url).toMatch(new RegExp(`^/uploads/kwitansi/${loan.kwitansi}\\?exp=\\d+&sig=[\\w-]+$`));
    expect(new Date(loan.created_at).toISOString()).toBe(loan.created_at);

    // The file on disk is exactly what was sent, under the generated name, and nothing else is left.
    expect(storedFiles()).toEqual([loan.kwitansi]);
    expect(fs.readFileSync(path.join(uploads, loan.kwitansi!)).equals(png)).toBe(true);

    expect(await totalPinjaman(budi.id)).toBe(12_000_000);
    const activity = await t.app.db.selectFrom('activities').selectAll().executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      type: 'pinjaman.create',
      category: 'pinjaman',
      amount: 12_000_000,
      entity_type: 'pinjaman',
      entity_id: loan.id,
    });
    expect(activity.description).toContain('Budi Santoso');
    expect(activity.description).toContain('Rp 12.000.000');
  });

  it('accepts JPEG and PDF receipts, judged by their bytes, and stores them as .jpg and .pdf', async () => {
    const n = await addNasabah(t, 'Siti Aminah');
    const jpeg = await createLoan(n.id, {}, { filename: 'foto.JPEG', type: 'image/jpeg', data: jpegBytes() });
    expect(jpeg.kwitansi).toMatch(/^[a-f0-9]{32}\.jpg$/);
    // A PDF sent with a misleading name and type is still stored as what it is.
    const pdf = await createLoan(
      n.id,
      { urutan_pinjaman: 2 },
      { filename: 'scan.bin', type: 'application/octet-stream', data: pdfBytes() },
    );
    expect(pdf.kwitansi).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(storedFiles()).toEqual([jpeg.kwitansi, pdf.kwitansi].sort());
  });

  it('accepts JSON and multipart without a file; a non-pokok loan has no durasi and no instalment', async () => {
    const n = await addNasabah(t, 'Rahmat');
    const res = await t.request({
      method: 'POST',
      url: '/api/pinjaman',
      payload: {
        ...loanFields(n.id),
        tipe: 'non-pokok',
        jumlah: 10_000_000,
        persentase: 1.5,
        durasi_angsuran: 12,
        jaminan: '',
        nomor_pinjaman: '',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Pinjaman berhasil ditambahkan');
    const loan = res.json().data as Pinjaman;
    expect(loan).toMatchObject({
      tipe: 'non-pokok',
      durasi_angsuran: null,
      angsuran_per_bulan: null,
      jaminan: null,
      nomor_pinjaman: '',
      persentase: 1.5,
    });
    expect(loan.kwitansi).toBeNull();
    expect(loan.kwitansi_url).toBeNull();
    expect(loan.data_completeness).toEqual(['kwitansi']);
    expect(storedFiles()).toEqual([]);
  });

  it('takes the next urutan_pinjaman itself when none is sent, and says so in data_completeness', async () => {
    const n = await addNasabah(t, 'Dewi');
    await createLoan(n.id, { urutan_pinjaman: 3 });
    const loan = await createLoan(n.id, { urutan_pinjaman: '' });
    expect(loan.urutan_pinjaman).toBe(4);
    expect(loan.data_completeness).toEqual(['kwitansi', 'urutan_pinjaman']);
  });

  it('refuses invalid fields with every message at once, and leaves neither a loan nor a file', async () => {
    const n = await addNasabah(t, 'Andi');
    const body = multipart(
      { nasabah_id: '', tanggal_pinjam: '', jumlah: '0', persentase: '-1', tipe: 'pokok', durasi_angsuran: '' },
      { filename: 'k.png', type: 'image/png', data: pngBytes() },
    );
    const res = await t.request({ method: 'POST', url: '/api/pinjaman', ...body });
    expectFieldErrors(res, {
      nasabah_id: m.nasabahRequired,
      tanggal_pinjam: m.tanggalPinjamRequired,
      jumlah: m.jumlahPositive,
      persentase: m.persentaseNegative,
      durasi_angsuran: m.durasiRequired,
    });
    const noTipe = await t.request({ method: 'POST', url: '/api/pinjaman', payload: { ...loanFields(n.id), tipe: '' } });
    expect(noTipe.json().errors).toContainEqual({ path: 'tipe', msg: m.tipeRequired });
    expect(await countRows(t.app.db, 'pinjaman')).toBe(0);
    expect(await countRows(t.app.db, 'activities')).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses an unknown, deleted or inactive customer, removing the uploaded file', async () => {
    const deleted = await addNasabah(t, 'Lama', { deleted_at: new Date() });
    const inactive = await addNasabah(t, 'Pasif', { status: 'nonaktif' });
    const file = { filename: 'k.jpg', type: 'image/jpeg', data: jpegBytes() };
    for (const [id, msg] of [
      [999_999, messages.notFound.nasabah],
      [deleted.id, messages.notFound.nasabah],
      [inactive.id, NASABAH_NOT_ACTIVE],
    ] as const) {
      const res = await t.request({ method: 'POST', url: '/api/pinjaman', ...multipart(loanFields(id), file) });
      expectFieldError(res, 'nasabah_id', msg);
    }
    expect(await countRows(t.app.db, 'pinjaman')).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file that is not JPEG, PNG or PDF with 415, whatever its name and type say', async () => {
    const n = await addNasabah(t, 'Eko');
    const cases: FilePart[] = [
      { filename: 'k.jpg', type: 'image/jpeg', data: Buffer.from('GIF89a this is a gif really') },
      { filename: 'k.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { filename: 'k.pdf', type: 'application/pdf', data: Buffer.from('%PD') },
    ];
    for (const file of cases) {
      const res = await t.request({ method: 'POST', url: '/api/pinjaman', ...multipart(loanFields(n.id), file) });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ success: false, message: 'Hanya file JPEG, PNG, dan PDF yang diperbolehkan' });
    }
    expect(await countRows(t.app.db, 'pinjaman')).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file over 5 MB with 413 while streaming, and an empty file with 400', async () => {
    const n = await addNasabah(t, 'Fajar');
    const big = Buffer.concat([pngBytes(), Buffer.alloc(KWITANSI_MAX_BYTES)]);
    const res = await t.request({
      method: 'POST',
      url: '/api/pinjaman',
      ...multipart(loanFields(n.id), { filename: 'big.png', type: 'image/png', data: big }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Ukuran file maksimal 5MB' });

    // Exactly 5 MB is allowed.
    const exact = Buffer.concat([pngBytes(), Buffer.alloc(KWITANSI_MAX_BYTES - pngBytes().length)]);
    expect(exact.length).toBe(KWITANSI_MAX_BYTES);
    const ok = await createLoan(n.id, {}, { filename: 'exact.png', type: 'image/png', data: exact });
    expect(fs.statSync(path.join(uploads, ok.kwitansi!)).size).toBe(KWITANSI_MAX_BYTES);

    const empty = await t.request({
      method: 'POST',
      url: '/api/pinjaman',
      ...multipart(loanFields(n.id), { filename: 'e.png', type: 'image/png', data: Buffer.alloc(0) }),
    });
    expectFieldError(empty, 'kwitansi', messages.kwitansi.empty);
    expect(await countRows(t.app.db, 'pinjaman')).toBe(1);
    expect(storedFiles()).toEqual([ok.kwitansi]);
  });

  it('refuses two files, or a file under another name', async () => {
    const n = await addNasabah(t, 'Gita');
    const boundary = 'xxBOUNDARYxx';
    const part = (name: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      ]);
    const fields = Object.entries(loanFields(n.id)).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    const two = Buffer.concat([
      ...fields,
      part('kwitansi', pngBytes()),
      part('kwitansi', pngBytes()),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await t.request({
      method: 'POST',
      url: '/api/pinjaman',
      payload: two,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Terlalu banyak file yang dikirim');

    const other = await t.request({
      method: 'POST',
      url: '/api/pinjaman',
      ...multipart(loanFields(n.id), { field: 'foto', filename: 'a.png', type: 'image/png', data: pngBytes() }),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].path).toBe('foto');
    expect(await countRows(t.app.db, 'pinjaman')).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request({ method: 'POST', url: '/api/pinjaman', payload: {}, token: null });
    expect(res.statusCode).toBe(401);
    expect((await get('/api/pinjaman', null)).statusCode).toBe(401);
  });
});

describe('listing loans', () => {
  async function seed() {
    const budi = await addNasabah(t, 'Budi Santoso', { nik: '3201000000000111' });
    const ani = await addNasabah(t, 'ani wijaya', { nik: '3201000000000222' });
    const citra = await addNasabah(t, 'Citra 50%_x', { nik: '3201000000000333' });
    const a = await createLoan(budi.id, {
      nomor_pinjaman: 'A001',
      urutan_pinjaman: 1,
      tanggal_pinjam: '2024-01-10',
      jumlah: 5_000_000,
      persentase: 2.5,
      tipe: 'pokok',
      durasi_angsuran: 10,
    });
    const b = await createLoan(ani.id, {
      nomor_pinjaman: 'B002',
      urutan_pinjaman: 3,
      tanggal_pinjam: '2024-03-01',
      jumlah: 20_000_000,
      persentase: 1,
      tipe: 'non-pokok',
    });
    const c = await createLoan(citra.id, {
      nomor_pinjaman: 'C003',
      urutan_pinjaman: 2,
      tanggal_pinjam: '2023-12-31',
      jumlah: 1_000_000,
      persentase: 3,
      tipe: 'pokok',
      durasi_angsuran: 5,
    });
    await t.app.db.updateTable('pinjaman').set({ status: 'lunas', sisa_pokok: 0 }).where('id', '=', b.id).execute();
    await t.app.db.updateTable('pinjaman').set({ status: 'macet', sisa_pokok: 600_000 }).where('id', '=', c.id).execute();
    return { budi, ani, citra, a, b, c };
  }
  const ids = async (query: string) => {
    const res = await get(`/api/pinjaman${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json().data as Pinjaman[]).map((l) => l.id);
  };

  it('returns the newest first with the nested customer and the pagination meta', async () => {
    const { a, b, c } = await seed();
    const res = await get('/api/pinjaman?limit=2');
    const body = res.json();
    expect(body.data.map((l: Pinjaman) => l.id)).toEqual([c.id, b.id]);
    expect(body.data[0].nasabah).toEqual({ id: c.nasabah_id, nama: 'Citra 50%_x', nik: '3201000000000333' });
    expect(body.meta.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, sortBy: 'created_at', sortOrder: 'desc' });
    expect(await ids('?limit=2&page=2')).toEqual([a.id]);
    expect(await ids('?limit=2&page=3')).toEqual([]);
  });

  it('searches the customer name and NIK (also as shown, in groups) and the nomor_pinjaman, literally', async () => {
    const { a, b, c } = await seed();
    expect(await ids('?search=budi')).toEqual([a.id]);
    expect(await ids('?search=ANI%20W')).toEqual([b.id]);
    expect(await ids('?search=0000000222')).toEqual([b.id]);
    expect(await ids('?search=3201%200000%200000%200333')).toEqual([c.id]);
    expect(await ids('?search=c003')).toEqual([c.id]);
    expect(await ids('?search=50%25_')).toEqual([c.id]);
    expect(await ids('?search=%25')).toEqual([c.id]);
    expect(await ids('?search=tidak-ada')).toEqual([]);
  });

  it("shows a customer's edited name and NIK on its loans and their payments at once (the loan's copies follow)", async () => {
    const { budi, a, b } = await seed();
    await t.app.db
      .insertInto('pembayaran')
      .values({ pinjaman_id: a.id, tanggal: '2024-02-10', jenis: 'angsuran', jumlah: 500_000, angsuran_ke: 1 })
      .execute();
    const edit = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${budi.id}`,
      payload: {
        nama: 'Zaenal Abidin',
        nik: '3201000000000999',
        telepon: '081234567890',
        alamat: 'Jl. Melati 1',
        kecamatan: 'Cibinong',
        kota: 'Bogor',
        status: 'aktif',
      },
    });
    expect(edit.statusCode).toBe(200);

    const loan = (await get(`/api/pinjaman/${a.id}`)).json().data as Pinjaman;
    expect(loan.nasabah).toEqual({ id: budi.id, nama: 'Zaenal Abidin', nik: '3201000000000999' });
    expect(await ids('?search=zaenal')).toEqual([a.id]);
    expect(await ids('?search=0000000999')).toEqual([a.id]);
    expect(await ids('?search=budi')).toEqual([]);
    expect(await ids('?sortBy=nasabah&sortOrder=desc&limit=1')).toEqual([a.id]);
    const payments = (await get('/api/pembayaran?search=zaenal')).json().data as { pinjaman: { nasabah: unknown } }[];
    expect(payments.map((p) => p.pinjaman.nasabah)).toEqual([{ id: budi.id, nama: 'Zaenal Abidin', nik: '3201000000000999' }]);

    // The copies are the customer's whatever a statement tries to write into them.
    await t.app.db.updateTable('pinjaman').set({ nasabah_nama: 'Palsu', nasabah_nik: null }).where('id', '=', b.id).execute();
    expect((await get(`/api/pinjaman/${b.id}`)).json().data.nasabah).toEqual({
      id: b.nasabah_id,
      nama: 'ani wijaya',
      nik: '3201000000000222',
    });
  });

  it('filters by status (pending too), tipe and customer; all and empty mean no filter', async () => {
    const { a, b, c, budi } = await seed();
    expect(await ids('?status=aktif')).toEqual([a.id]);
    expect(await ids('?status=lunas')).toEqual([b.id]);
    expect(await ids('?status=macet')).toEqual([c.id]);
    expect(await ids('?status=pending')).toEqual([]);
    expect(await ids('?tipe=pokok&sortBy=jumlah&sortOrder=asc')).toEqual([c.id, a.id]);
    expect(await ids('?tipe=non-pokok')).toEqual([b.id]);
    expect(await ids(`?nasabah_id=${budi.id}`)).toEqual([a.id]);
    expect(await ids('?status=all&tipe=&search=')).toHaveLength(3);
  });

  it('sorts by every key of spec §9 both ways, with the id as tie-breaker', async () => {
    const { a, b, c } = await seed();
    const expected: Record<(typeof pinjamanSortKeys)[number], number[]> = {
      created_at: [a.id, b.id, c.id],
      nomor_pinjaman: [a.id, b.id, c.id],
      urutan_pinjaman: [a.id, c.id, b.id],
      tanggal_pinjam: [c.id, a.id, b.id],
      nasabah: [b.id, a.id, c.id],
      jumlah: [c.id, a.id, b.id],
      persentase: [b.id, a.id, c.id],
      tipe: [b.id, a.id, c.id],
      status: [a.id, b.id, c.id],
      sisa_pokok: [b.id, c.id, a.id],
      // Oldest unpaid due dates: b 2024-04-01, a 2024-02-10, c 2024-01-31 (nothing paid).
      hari_tunggakan: [b.id, a.id, c.id],
    };
    for (const key of pinjamanSortKeys) {
      expect(await ids(`?sortBy=${key}&sortOrder=asc`), key).toEqual(expected[key]);
      expect(await ids(`?sortBy=${key}&sortOrder=DESC`), key).toEqual([...expected[key]].reverse());
      expect((await get(`/api/pinjaman?sortBy=${key}`)).json().meta.pagination.sortBy).toBe(key);
    }
  });

  it('answers 400 for invalid parameters', async () => {
    for (const [query, field] of [
      ['sortBy=password_hash', 'sortBy'],
      ['sortOrder=up', 'sortOrder'],
      ...pagingRefusals,
      ['status=hilang', 'status'],
      ['tipe=lain', 'tipe'],
      ['nasabah_id=abc', 'nasabah_id'],
    ]) {
      const res = await get(`/api/pinjaman?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].path, query).toBe(field);
    }
  });
});

describe('loan detail, info and stats', () => {
  it('returns one loan, 404 for unknown or deleted ones and 400 for a bad id', async () => {
    const n = await addNasabah(t, 'Hadi');
    const loan = await createLoan(n.id);
    const res = await get(`/api/pinjaman/${loan.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: loan.id, nasabah: { nama: 'Hadi' }, angsuran_per_bulan: 1_240_000 });
    // Granted 2024-01-31 for 12 months and nothing paid: every instalment is past due today.
    expect(res.json().data).toMatchObject({ kolektibilitas: 5, tunggakan_total: 12 * 1_240_000 });
    // Nothing paid: the whole principal, the whole margin, the whole obligation still owed.
    expect(res.json().data).toMatchObject({ sisa_pokok: 12_000_000, sisa_margin: 2_880_000, sisa_kewajiban: 14_880_000 });
    expect(Object.keys(res.json().data).sort()).toEqual(
      [
        'id',
        'nasabah_id',
        'nasabah',
        'nomor_pinjaman',
        'urutan_pinjaman',
        'tanggal_pinjam',
        'jumlah',
        'persentase',
        'tipe',
        'jaminan',
        'keterangan',
        'akun_kas_id',
        'durasi_angsuran',
        'status',
        'sisa_pokok',
        'sisa_margin',
        'sisa_kewajiban',
        'total_pembayaran',
        'angsuran_per_bulan',
        'kwitansi',
        'kwitansi_url',
        'diimpor',
        'tazir',
        'dijadwalkan_ulang',
        'hapus_buku_tanggal',
        'data_completeness',
        'kolektibilitas',
        'hari_tunggakan',
        'tunggakan_total',
        'ledger_tanggal',
        'created_at',
        'updated_at',
      ].sort(),
    );
    const missing = await get('/api/pinjaman/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.notFound.pinjaman);
    expect((await get('/api/pinjaman/abc')).statusCode).toBe(400);
  });

  it('gives the loan info of a new and of an existing customer (decisions §3)', async () => {
    const baru = await addNasabah(t, 'Baru');
    expect((await get(`/api/pinjaman/info/${baru.id}`)).json().data).toEqual({
      nomor_pinjaman: '',
      urutan_pinjaman: 1,
      is_new_nasabah: true,
    });

    const lama = await addNasabah(t, 'Lama');
    await createLoan(lama.id, { nomor_pinjaman: 'K010', urutan_pinjaman: 1 });
    await createLoan(lama.id, { nomor_pinjaman: 'K011', urutan_pinjaman: 2 });
    const deleted = await createLoan(lama.id, { nomor_pinjaman: 'K099', urutan_pinjaman: 9 });
    await t.request({ method: 'DELETE', url: `/api/pinjaman/${deleted.id}` });
    expect((await get(`/api/pinjaman/info/${lama.id}`)).json().data).toEqual({
      nomor_pinjaman: 'K011',
      urutan_pinjaman: 3,
      is_new_nasabah: false,
    });

    expect((await get('/api/pinjaman/info/999999')).statusCode).toBe(404);
    expect((await get('/api/pinjaman/info/0')).statusCode).toBe(400);
  });

  it('counts living loans per status, and the running ones (aktif and macet) with their amounts', async () => {
    const n = await addNasabah(t, 'Indah');
    const a = await createLoan(n.id, { jumlah: 3_000_000 });
    await createLoan(n.id, { jumlah: 4_500_000, urutan_pinjaman: 2 });
    const lunas = await createLoan(n.id, { jumlah: 10_000_000, urutan_pinjaman: 3 });
    const gone = await createLoan(n.id, { jumlah: 7_000_000, urutan_pinjaman: 4 });
    const macet = await createLoan(n.id, { jumlah: 2_000_000, urutan_pinjaman: 5 });
    await t.app.db.updateTable('pinjaman').set({ status: 'lunas' }).where('id', '=', lunas.id).execute();
    await t.app.db.updateTable('pinjaman').set({ status: 'pending' }).where('id', '=', a.id).execute();
    await t.app.db.updateTable('pinjaman').set({ status: 'macet' }).where('id', '=', macet.id).execute();
    await t.request({ method: 'DELETE', url: `/api/pinjaman/${gone.id}` });
    const res = await get('/api/pinjaman/stats');
    expect(res.statusCode).toBe(200);
    // One count of running loans (issue 47): a loan declared macet is still owed, so "Pinjaman
    // Aktif" and its value count it, as the dashboard does.
    expect(res.json().data).toEqual({
      pinjaman_aktif: 2,
      total_nilai_pinjaman: 6_500_000,
      total: 4,
      aktif: 1,
      lunas: 1,
      macet: 1,
      pending: 1,
    });
    const dashboard = (await get('/api/dashboard/portfolio')).json().data.sekarang;
    expect([dashboard.pinjaman_aktif, dashboard.nilai_pinjaman_aktif]).toEqual([2, 6_500_000]);
  });
});

describe('editing a loan', () => {
  async function addPayment(pinjamanId: number, jenis: 'angsuran' | 'pokok' | 'bagi_hasil' | 'pelunasan', jumlah: number) {
    await t.app.db.insertInto('pembayaran').values({ pinjaman_id: pinjamanId, tanggal: '2024-02-29', jenis, jumlah }).execute();
  }

  it('updates every field as JSON, recomputes balances from the payments and keeps the status staff chose', async () => {
    const n = await addNasabah(t, 'Joko');
    const loan = await createLoan(n.id);
    await addPayment(loan.id, 'angsuran', 1_240_000);
    await addPayment(loan.id, 'bagi_hasil', 100_000);
    const res = await t.request({
      method: 'PUT',
      url: `/api/pinjaman/${loan.id}`,
      payload: {
        ...loanFields(n.id),
        jumlah: 6_000_000,
        persentase: 1.25,
        durasi_angsuran: 6,
        nomor_pinjaman: 'A002',
        status: 'macet',
        keterangan: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Pinjaman berhasil diperbarui');
    const updated = res.json().data as Pinjaman;
    expect(updated).toMatchObject({
      jumlah: 6_000_000,
      persentase: 1.25,
      durasi_angsuran: 6,
      nomor_pinjaman: 'A002',
      keterangan: null,
      status: 'macet',
      // Recomputed on the new terms (issue 47): 6.000.000 at 1,25 % × 6 has instalments of
      // 1.075.000 = 1.000.000 principal + 75.000 margin. The 1.340.000 paid fills instalment 1 and
      // 265.000 of instalment 2, whose margin part is ⌊265.000 × 75.000 ÷ 1.075.000⌋ = 18.488:
      // principal repaid 1.340.000 − 93.488 = 1.246.512, so 4.753.488 is left (not 4.760.000:
      // the payments' margin is no principal).
      sisa_pokok: 4_753_488,
      sisa_margin: 450_000 - 93_488,
      total_pembayaran: 1_340_000,
      angsuran_per_bulan: angsuranPerBulan({ tipe: 'pokok', jumlah: 6_000_000, persentase: 1.25, durasi_angsuran: 6 }),
      kwitansi: null,
    });
    expect(updated.sisa_kewajiban).toBe(6_450_000 - 1_340_000);
    expect(await totalPinjaman(n.id)).toBe(6_000_000);
    const activity = await activityOfType(t.app.db, 'pinjaman.update');
    expect(activity).toMatchObject({ category: 'pinjaman', amount: 6_000_000, entity_id: loan.id });
  });

  it('moves a loan to another customer and recomputes both totals; status is required', async () => {
    const from = await addNasabah(t, 'Asal');
    const to = await addNasabah(t, 'Tujuan');
    const loan = await createLoan(from.id, { jumlah: 8_000_000 });
    await createLoan(to.id, { jumlah: 2_000_000, urutan_pinjaman: 1 });
    const noStatus = await t.request({ method: 'PUT', url: `/api/pinjaman/${loan.id}`, payload: loanFields(to.id) });
    expectFieldError(noStatus, 'status', m.statusInvalid);
    const res = await t.request({
      method: 'PUT',
      url: `/api/pinjaman/${loan.id}`,
      payload: { ...loanFields(to.id, { jumlah: 8_000_000 }), status: 'aktif' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.nasabah.nama).toBe('Tujuan');
    expect(await totalPinjaman(from.id)).toBe(0);
    expect(await totalPinjaman(to.id)).toBe(10_000_000);

    const pasif = await addNasabah(t, 'Pasif', { status: 'nonaktif' });
    const refused = await t.request({
      method: 'PUT',
      url: `/api/pinjaman/${loan.id}`,
      payload: { ...loanFields(pasif.id), status: 'aktif' },
    });
    expectFieldError(refused, 'nasabah_id', NASABAH_NOT_ACTIVE);
    expect(
      (await t.request({ method: 'PUT', url: '/api/pinjaman/999999', payload: { ...loanFields(to.id), status: 'aktif' } }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps urutan_pinjaman when none is sent, and the customer may have become inactive meanwhile', async () => {
    const n = await addNasabah(t, 'Kurnia');
    const loan = await createLoan(n.id, { urutan_pinjaman: 5 });
    await t.app.db.updateTable('nasabah').set({ status: 'nonaktif' }).where('id', '=', n.id).execute();
    const payload = { ...loanFields(n.id), status: 'lunas' } as Record<string, unknown>;
    delete payload.urutan_pinjaman;
    const res = await t.request({ method: 'PUT', url: `/api/pinjaman/${loan.id}`, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ urutan_pinjaman: 5, status: 'lunas' });
  });

  it('replaces the receipt with a multipart PUT, removing the old file only after the commit', async () => {
    const n = await addNasabah(t, 'Lestari');
    const loan = await createLoan(n.id, {}, { filename: 'a.png', type: 'image/png', data: pngBytes() });
    const oldName = loan.kwitansi!;
    const pdf = pdfBytes();
    const res = await t.request({
      method: 'PUT',
      url: `/api/pinjaman/${loan.id}`,
      ...multipart({ ...loanFields(n.id), status: 'aktif' }, { filename: 'b.pdf', type: 'application/pdf', data: pdf }),
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as Pinjaman;
    expect(updated.kwitansi).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(storedFiles()).toEqual([updated.kwitansi]);
    expect(fs.readFileSync(path.join(uploads, updated.kwitansi!)).equals(pdf)).toBe(true);
    expect((await get(`/uploads/kwitansi/${oldName}`)).statusCode).toBe(404);

    // A failed edit (validation) keeps the current receipt and leaves no new file behind.
    const bad = await t.request({
      method: 'PUT',
      url: `/api/pinjaman/${loan.id}`,
      ...multipart(
        { ...loanFields(n.id), jumlah: 'abc', status: 'aktif' },
        { filename: 'c.png', type: 'image/png', data: pngBytes() },
      ),
    });
    expectFieldError(bad, 'jumlah', m.jumlahNotNumber);
    // A failed edit in the transaction (customer gone) does the same.
    const gone = await t.request({
      method: 'PUT',
      url: `/api/pinjaman/${loan.id}`,
      ...multipart({ ...loanFields(999_999), status: 'aktif' }, { filename: 'c.png', type: 'image/png', data: pngBytes() }),
    });
    expect(gone.statusCode).toBe(400);
    expect(storedFiles()).toEqual([updated.kwitansi]);
    expect((await get(`/api/pinjaman/${loan.id}`)).json().data.kwitansi).toBe(updated.kwitansi);

    // A JSON edit leaves the receipt alone.
    const json = await t.request({
      method: 'PUT',
      url: `/api/pinjaman/${loan.id}`,
      payload: { ...loanFields(n.id), status: 'aktif' },
    });
    expect(json.json().data.kwitansi).toBe(updated.kwitansi);
  });
});

describe('deleting', () => {
  it('deletes the receipt: the file goes after the commit and the loan says it is missing', async () => {
    const n = await addNasabah(t, 'Maya');
    const loan = await createLoan(n.id, {}, { filename: 'a.jpg', type: 'image/jpeg', data: jpegBytes() });
    const res = await t.request({ method: 'DELETE', url: `/api/pinjaman/${loan.id}/kwitansi` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Foto kwitansi berhasil dihapus');
    expect(res.json().data).toMatchObject({ kwitansi: null, kwitansi_url: null, data_completeness: ['kwitansi'] });
    expect(storedFiles()).toEqual([]);
    const activity = await activityOfType(t.app.db, 'kwitansi.delete');
    expect(activity).toMatchObject({ category: 'pinjaman', entity_id: loan.id });
    const again = await t.request({ method: 'DELETE', url: `/api/pinjaman/${loan.id}/kwitansi` });
    expect(again.statusCode).toBe(404);
  });

  it('soft-deletes a loan: gone from detail, list and totals; its payments and receipt are kept', async () => {
    const n = await addNasabah(t, 'Nina');
    const keep = await createLoan(n.id, { jumlah: 2_000_000 });
    const loan = await createLoan(n.id, { urutan_pinjaman: 2 }, { filename: 'a.png', type: 'image/png', data: pngBytes() });
    await t.app.db
      .insertInto('pembayaran')
      .values({ pinjaman_id: loan.id, tanggal: '2024-02-29', jenis: 'angsuran', jumlah: 1_240_000, angsuran_ke: 1 })
      .execute();
    expect(await totalPinjaman(n.id)).toBe(14_000_000);

    const res = await t.request({ method: 'DELETE', url: `/api/pinjaman/${loan.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Pinjaman berhasil dihapus', data: null });
    expect((await get(`/api/pinjaman/${loan.id}`)).statusCode).toBe(404);
    expect((await get('/api/pinjaman')).json().data.map((l: Pinjaman) => l.id)).toEqual([keep.id]);
    expect(await totalPinjaman(n.id)).toBe(2_000_000);

    const row = await t.app.db
      .selectFrom('pinjaman')
      .select(['deleted_at', 'updated_by'])
      .where('id', '=', loan.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(await t.app.db.selectFrom('pembayaran').select('id').where('pinjaman_id', '=', loan.id).execute()).toHaveLength(1);
    expect(storedFiles()).toEqual([loan.kwitansi]);
    expect((await get(`/uploads/kwitansi/${loan.kwitansi}`)).statusCode).toBe(404);
    const activity = await activityOfType(t.app.db, 'pinjaman.delete');
    expect(activity).toMatchObject({ category: 'pinjaman', amount: 12_000_000, entity_id: loan.id });

    expect((await t.request({ method: 'DELETE', url: `/api/pinjaman/${loan.id}` })).statusCode).toBe(404);
  });
});

describe('receipt files under /uploads/kwitansi', () => {
  it('serves a receipt to a bearer token or a valid signed link, with type, name and nosniff', async () => {
    const n = await addNasabah(t, 'Oki');
    const png = pngBytes();
    const loan = await createLoan(n.id, { nomor_pinjaman: 'A 01/x"' }, { filename: 'a.png', type: 'image/png', data: png });
    const url = `/uploads/kwitansi/${loan.kwitansi}`;

    const withToken = await get(url);
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toBe('image/png');
    expect(withToken.headers['x-content-type-options']).toBe('nosniff');
    expect(withToken.headers['content-disposition']).toBe('inline; filename="kwitansi-A-01-x.png"');
    expect(withToken.rawPayload.equals(png)).toBe(true);

    const signed = await get(loan.kwitansi_url!, null);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(png)).toBe(true);
    const download = await get(`${loan.kwitansi_url}&download=1`, null);
    expect(download.headers['content-disposition']).toBe('attachment; filename="kwitansi-A-01-x.png"');
  });

  it('names a download after the loan id when there is no nomor_pinjaman, and serves PDFs as PDFs', async () => {
    const n = await addNasabah(t, 'Putri');
    const loan = await createLoan(n.id, { nomor_pinjaman: '' }, { filename: 'a.pdf', type: 'application/pdf', data: pdfBytes() });
    const res = await get(`/uploads/kwitansi/${loan.kwitansi}?download=1`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kwitansi-${loan.id}.pdf"`);
  });

  it('refuses requests without a token, with a revoked token, or with a bad, tampered or expired signature', async () => {
    const n = await addNasabah(t, 'Rudi');
    const loan = await createLoan(n.id, {}, { filename: 'a.png', type: 'image/png', data: pngBytes() });
    const url = `/uploads/kwitansi/${loan.kwitansi}`;
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, 'bukan.token.valid')).statusCode).toBe(401);
    expect((await get(`${url}?exp=9999999999&sig=abc`, null)).statusCode).toBe(401);
    const other = await createLoan(n.id, { urutan_pinjaman: 2 }, { filename: 'b.png', type: 'image/png', data: pngBytes() });
    // A signature is bound to its file name.
    const query = loan.kwitansi_url!.split('?')[1];
    expect((await get(`/uploads/kwitansi/${other.kwitansi}?${query}`, null)).statusCode).toBe(401);
    const expired = t.app.urlSigner.sign(url, 60, new Date(Date.now() - 3_600_000));
    expect((await get(expired, null)).statusCode).toBe(401);
    const staff = await t.createUser({ username: 'kasir', password: 'kasir-rahasia-1', role: 'user' });
    expect((await get(url, staff.token)).statusCode).toBe(200);
    await t.request({ method: 'POST', url: '/api/auth/logout', token: staff.token });
    expect((await get(url, staff.token)).statusCode).toBe(401);
  });

  it('answers 404 for unknown names, names that are not generated ones, and path traversal', async () => {
    const n = await addNasabah(t, 'Sari');
    const loan = await createLoan(n.id, {}, { filename: 'a.png', type: 'image/png', data: pngBytes() });
    fs.writeFileSync(path.join(uploads, 'catatan.txt'), 'rahasia');
    for (const name of [
      `${'0'.repeat(32)}.png`,
      'catatan.txt',
      '..%2F..%2Fsecret',
      '..%2Fkwitansi%2F' + loan.kwitansi,
      loan.kwitansi!.toUpperCase(),
      `.${loan.kwitansi}.tmp`,
    ]) {
      const res = await get(`/uploads/kwitansi/${name}`);
      expect(res.statusCode, name).toBe(404);
    }
    expect((await get('/uploads/kwitansi/../kwitansi/catatan.txt')).statusCode).toBe(404);
  });
});
