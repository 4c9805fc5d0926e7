import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages, nasabahSortKeys, todayJakarta } from '@mizan/core';
import { appPerFile, type TestApp, clearBook } from '../../test/test-app';
import { activityOfType, countRows } from '../../test/rows';
import { addNasabah, nextNik } from '../../test/populate';
import { expectFieldError, expectFieldErrors, pagingRefusals } from '../../test/refusals';
import { refreshTotalPinjaman } from './nasabah.service';

const m = messages.nasabah;

let t: TestApp;
appPerFile((app) => {
  t = app;
});

/** Every test starts from an empty customer book. */
beforeEach(async () => {
  await clearBook(t.app.db);
});

const validBody = (overrides: Record<string, unknown> = {}) => ({
  nama: 'Budi Santoso',
  nik: nextNik(),
  telepon: '0812-3456-7890',
  alamat: 'Jl. Mawar No. 5',
  kecamatan: 'Cibinong',
  kota: 'Bogor',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const res = await t.request({ method: 'POST', url: '/api/nasabah', payload: validBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    id: number;
    nama: string;
    nik: string;
    status: string;
    total_pinjaman: number;
    [k: string]: unknown;
  };
}

const list = (query = '') => t.request({ method: 'GET', url: `/api/nasabah${query}` });
const stats = async () => (await t.request({ method: 'GET', url: '/api/nasabah/stats' })).json().data;

/** A loan written straight to the database (the loan module is not under test here). */
async function addLoan(nasabahId: number, jumlah: number, status: 'aktif' | 'lunas' | 'macet' = 'aktif') {
  const loan = await t.app.db
    .insertInto('pinjaman')
    .values({
      nasabah_id: nasabahId,
      nomor_pinjaman: '',
      urutan_pinjaman: 1,
      tanggal_pinjam: '2024-01-31',
      jumlah,
      persentase: 2,
      tipe: 'pokok',
      durasi_angsuran: 12,
      status,
      sisa_pokok: jumlah,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshTotalPinjaman(t.app.db, nasabahId);
  return loan.id;
}

describe('POST /api/nasabah', () => {
  it('creates an aktif customer, stores today (Jakarta) when no date was given and says so in data_completeness', async () => {
    const body = validBody({ nik: '3201 2345 6789 0001', nama: '  Siti Aminah ' });
    const res = await t.request({ method: 'POST', url: '/api/nasabah', payload: body });
    expect(res.statusCode).toBe(201);
    const { data, message, success } = res.json();
    expect(success).toBe(true);
    expect(message).toBe('Nasabah berhasil ditambahkan');
    expect(data).toEqual({
      id: expect.any(Number),
      nama: 'Siti Aminah',
      nama_lengkap: 'Siti Aminah',
      nik: '3201234567890001',
      telepon: '0812-3456-7890',
      alamat: 'Jl. Mawar No. 5',
      kecamatan: 'Cibinong',
      kota: 'Bogor',
      tanggal_nasabah: todayJakarta(),
      status: 'aktif',
      terima_pengingat: true,
      diimpor: false,
      total_pinjaman: 0,
      data_completeness: ['tanggal_nasabah'],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
  });

  it('keeps a given date and status; a complete customer has an empty data_completeness', async () => {
    const data = await create({ tanggal_nasabah: '2023-05-17', status: 'nonaktif' });
    expect(data.tanggal_nasabah).toBe('2023-05-17');
    expect(data.status).toBe('nonaktif');
    expect(data.data_completeness).toEqual([]);
  });

  it('records an activity (category other) with the acting user in the same write', async () => {
    const data = await create({ nama: 'Dewi Lestari' });
    const activities = await t.app.db.selectFrom('activities').selectAll().execute();
    expect(activities).toHaveLength(1);
    const admin = await t.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(activities[0]).toMatchObject({
      type: 'nasabah.create',
      category: 'other',
      entity_type: 'nasabah',
      entity_id: data.id,
      user_id: admin.id,
      description: 'Nasabah baru ditambahkan: Dewi Lestari',
    });
    const row = await t.app.db
      .selectFrom('nasabah')
      .select(['created_by', 'updated_by'])
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_by: admin.id, updated_by: admin.id });
  });

  it('refuses an empty body with every required message of spec §5, and writes nothing', async () => {
    const res = await t.request({ method: 'POST', url: '/api/nasabah', payload: {} });
    const body = expectFieldErrors(res, {
      nama: m.namaRequired,
      nik: m.nikRequired,
      telepon: m.teleponRequired,
      alamat: m.alamatRequired,
      kecamatan: m.kecamatanRequired,
      kota: m.kotaRequired,
    });
    expect(body.success).toBe(false);
    expect(body.message).toBe('Terdapat kesalahan validasi');
    expect(await countRows(t.app.db, 'nasabah')).toBe(0);
    expect(await countRows(t.app.db, 'activities')).toBe(0);
  });

  it.each([
    ['blank nama', { nama: '   ' }, 'nama', 'Nama tidak boleh kosong'],
    ['nama too long', { nama: 'a'.repeat(151) }, 'nama', m.namaMax],
    ['blank NIK', { nik: '' }, 'nik', 'NIK tidak boleh kosong'],
    ['short NIK', { nik: '320123' }, 'nik', 'NIK harus minimal 16 digit'],
    ['long NIK', { nik: '32012345678900011' }, 'nik', m.nikMax],
    ['NIK with letters', { nik: '32012345678900AB' }, 'nik', m.nikDigits],
    ['blank telepon', { telepon: ' ' }, 'telepon', 'Nomor telepon tidak boleh kosong'],
    ['telepon with letters', { telepon: '0812abc3456' }, 'telepon', 'Format nomor telepon tidak valid'],
    ['telepon too few digits', { telepon: '(021) 12' }, 'telepon', 'Format nomor telepon tidak valid'],
    ['blank alamat', { alamat: '' }, 'alamat', 'Alamat tidak boleh kosong'],
    ['blank kecamatan', { kecamatan: '' }, 'kecamatan', 'Kecamatan tidak boleh kosong'],
    ['blank kota', { kota: '' }, 'kota', 'Kota tidak boleh kosong'],
    ['alamat too long', { alamat: 'x'.repeat(501) }, 'alamat', m.alamatMax],
    ['impossible date', { tanggal_nasabah: '2023-02-29' }, 'tanggal_nasabah', messages.common.dateInvalid],
    ['unknown status', { status: 'hapus' }, 'status', m.statusInvalid],
    ['a NUL character', { alamat: 'Jl. \u0000 Mawar' }, 'alamat', messages.common.textNulChar],
    ['NIK of the wrong type', { nik: 3201234567890001 }, 'nik', 'NIK tidak boleh kosong'],
  ])('refuses %s with its Indonesian message', async (_name, overrides, path, msg) => {
    const res = await t.request({ method: 'POST', url: '/api/nasabah', payload: validBody(overrides) });
    expectFieldError(res, path, msg);
    expect(await countRows(t.app.db, 'nasabah')).toBe(0);
  });

  it('accepts every telepon character the spec allows', async () => {
    const data = await create({ telepon: '+62 (812) 3456-7890' });
    expect(data.telepon).toBe('+62 (812) 3456-7890');
  });

  it('refuses a NIK already registered (also typed with spaces) with 409 and a field error', async () => {
    const first = await create();
    const spaced = first.nik.replace(/(\d{4})(?=\d)/g, '$1 ');
    const res = await t.request({ method: 'POST', url: '/api/nasabah', payload: validBody({ nik: spaced }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'NIK sudah terdaftar',
      errors: [{ path: 'nik', msg: 'NIK sudah terdaftar' }],
    });
    expect(await countRows(t.app.db, 'nasabah')).toBe(1);
    expect(await countRows(t.app.db, 'activities')).toBe(1);
  });

  it('lets exactly one of two simultaneous registrations of one NIK through', async () => {
    const nik = nextNik();
    const results = await Promise.all(
      [1, 2, 3].map((i) => t.request({ method: 'POST', url: '/api/nasabah', payload: validBody({ nik, nama: `Sama ${i}` }) })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().message).toBe(m.nikTaken);
    expect(await countRows(t.app.db, 'nasabah')).toBe(1);
    expect(await countRows(t.app.db, 'activities')).toBe(1);
  });

  it('lets the NIK of a deleted customer be registered again', async () => {
    const first = await create();
    expect((await t.request({ method: 'DELETE', url: `/api/nasabah/${first.id}` })).statusCode).toBe(200);
    const again = await t.request({ method: 'POST', url: '/api/nasabah', payload: validBody({ nik: first.nik }) });
    expect(again.statusCode).toBe(201);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request({ method: 'POST', url: '/api/nasabah', payload: validBody(), token: null });
    expect(res.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/nasabah', token: null })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/nasabah/stats', token: null })).statusCode).toBe(401);
    expect(await countRows(t.app.db, 'nasabah')).toBe(0);
  });
});

describe('GET /api/nasabah', () => {
  it('answers page 1 of 10, newest first, with meta.pagination by default', async () => {
    const created = [];
    for (let i = 1; i <= 12; i++) created.push(await create({ nama: `Nasabah ${String(i).padStart(2, '0')}` }));
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.pagination).toEqual({
      page: 1,
      limit: 10,
      total: 12,
      totalPages: 2,
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
    expect(body.data.map((n: { id: number }) => n.id)).toEqual(
      created
        .reverse()
        .slice(0, 10)
        .map((n) => n.id),
    );
    // Undeclared columns never leave the server.
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'alamat',
        'created_at',
        'data_completeness',
        'diimpor',
        'id',
        'kecamatan',
        'kota',
        'nama',
        'nama_lengkap',
        'nik',
        'status',
        'tanggal_nasabah',
        'telepon',
        'terima_pengingat',
        'total_pinjaman',
        'updated_at',
      ].sort(),
    );
  });

  it('pages through the whole book without gaps or repeats, and an empty page past the end', async () => {
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push((await create()).id);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await list(`?page=${page}&limit=3&sortBy=nama&sortOrder=asc`)).json();
      expect(body.meta.pagination).toMatchObject({ page, limit: 3, total: 7, totalPages: 3 });
      seen.push(...body.data.map((n: { id: number }) => n.id));
    }
    // Every name is equal, so the id decides: ascending, once each.
    expect(seen).toEqual([...ids].sort((a, b) => a - b));
    const past = (await list('?page=4&limit=3')).json();
    expect(past.data).toEqual([]);
    expect(past.meta.pagination.total).toBe(7);
  });

  it('accepts limit 1000 and refuses bad paging and sorting parameters with 400 and Indonesian messages', async () => {
    expect((await list('?limit=1000')).statusCode).toBe(200);
    const cases = [
      ...pagingRefusals,
      ['sortBy=password', 'sortBy', 'Kolom pengurutan tidak valid'],
      ['sortBy=nama;drop table nasabah', 'sortBy', 'Kolom pengurutan tidak valid'],
      ['sortOrder=up', 'sortOrder', 'Arah pengurutan harus asc atau desc'],
      ['status=hapus', 'status', 'Filter status tidak valid'],
      [`search=${'a'.repeat(101)}`, 'search', 'Kata kunci pencarian maksimal 100 karakter'],
    ];
    for (const [query, path, msg] of cases) {
      const res = await list(`?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toContainEqual({ path, msg });
    }
  });

  describe('sorting', () => {
    const people = [
      {
        nama: 'citra',
        nik: '3201000000000003',
        telepon: '0813 1111 1111',
        alamat: 'jl. Anggrek',
        status: 'aktif',
        loan: 5_000_000,
      },
      { nama: 'Agus', nik: '3201000000000005', telepon: '0811 2222 2222', alamat: 'Jl. Cempaka', status: 'nonaktif', loan: 0 },
      {
        nama: 'budi',
        nik: '3201000000000001',
        telepon: '0815 3333 3333',
        alamat: 'Jl. Bougenville',
        status: 'aktif',
        loan: 12_000_000,
      },
      {
        nama: 'Dewi',
        nik: '3201000000000004',
        telepon: '0812 4444 4444',
        alamat: 'Jl. Dahlia',
        status: 'nonaktif',
        loan: 750_000,
      },
      {
        nama: 'Eka',
        nik: '3201000000000002',
        telepon: '0814 5555 5555',
        alamat: 'jl. Edelweis',
        status: 'aktif',
        loan: 5_000_000,
      },
    ] as const;
    type Row = {
      id: number;
      nama: string;
      nik: string;
      telepon: string;
      alamat: string;
      status: string;
      total_pinjaman: number;
      created_at: string;
    };

    let rows: Row[] = [];
    beforeEach(async () => {
      rows = [];
      for (const p of people) {
        const { loan, ...fields } = p;
        const created = await create(fields);
        if (loan > 0) await addLoan(created.id, loan, 'lunas');
        rows.push((await t.request({ method: 'GET', url: `/api/nasabah/${created.id}` })).json().data);
      }
    });

    /** The expected order: the key (text case-insensitive), then id, both in the requested direction. */
    function expected(key: (typeof nasabahSortKeys)[number], order: 'asc' | 'desc') {
      const value = (r: Row) => {
        const v = r[key as keyof Row];
        return typeof v === 'string' && key !== 'created_at' ? v.toLowerCase() : v;
      };
      const sorted = [...rows].sort((a, b) => {
        const va = value(a);
        const vb = value(b);
        if (va < vb) return -1;
        if (va > vb) return 1;
        return a.id - b.id;
      });
      return (order === 'asc' ? sorted : sorted.reverse()).map((r) => r.id);
    }

    it.each(nasabahSortKeys.flatMap((key) => [[key, 'asc'] as const, [key, 'desc'] as const]))(
      'sorts by %s %s, ties broken by id',
      async (key, order) => {
        const body = (await list(`?sortBy=${key}&sortOrder=${order}`)).json();
        expect(body.meta.pagination).toMatchObject({ sortBy: key, sortOrder: order });
        expect(body.data.map((n: Row) => n.id)).toEqual(expected(key, order));
      },
    );

    it('reads sortOrder case-insensitively and sorts total_pinjaman as numbers', async () => {
      const body = (await list('?sortBy=total_pinjaman&sortOrder=ASC')).json();
      expect(body.data.map((n: Row) => n.total_pinjaman)).toEqual([0, 750_000, 5_000_000, 5_000_000, 12_000_000]);
    });

    it('filters by status; "all" and "" mean no filter', async () => {
      const aktif = (await list('?status=aktif&sortBy=nama&sortOrder=asc')).json();
      expect(aktif.data.map((n: Row) => n.nama)).toEqual(['budi', 'citra', 'Eka']);
      expect(aktif.meta.pagination.total).toBe(3);
      const nonaktif = (await list('?status=nonaktif')).json();
      expect(nonaktif.data.map((n: Row) => n.status)).toEqual(['nonaktif', 'nonaktif']);
      expect((await list('?status=all')).json().meta.pagination.total).toBe(5);
      expect((await list('?status=')).json().meta.pagination.total).toBe(5);
    });
  });

  describe('search', () => {
    beforeEach(async () => {
      await create({
        nama: 'Budi Santoso',
        nik: '3201234567890001',
        telepon: '0812-1111-2222',
        alamat: 'Jl. Melati 5',
        kecamatan: 'Sawangan',
        status: 'aktif',
      });
      await create({
        nama: 'Siti Aminah',
        nik: '3175000011112222',
        telepon: '0857 9999 0000',
        alamat: 'Gg. Kenanga 100%',
        status: 'nonaktif',
      });
      await create({
        nama: 'Rudi_Hartono',
        nik: '3301999988887777',
        telepon: '(021) 555-1234',
        alamat: "Jl. O'Brien 7",
        status: 'aktif',
      });
    });
    const names = async (query: string) =>
      (await list(query))
        .json()
        .data.map((n: { nama: string }) => n.nama)
        .sort();

    it.each([
      ['nama, case-insensitive', 'bUDi', ['Budi Santoso']],
      ['part of a name', 'amin', ['Siti Aminah']],
      ['part of a NIK', '78900', ['Budi Santoso']],
      ['eight digits of a NIK, leading zeros included', '00011112', ['Siti Aminah']],
      ['a whole NIK', '3301999988887777', ['Rudi_Hartono']],
      ['never digits across the space stored in a phone', '99990000', []],
      ['digits that no text holds in a row', '54321', []],
      ['a NIK typed in groups', '3175 0000 1111', ['Siti Aminah']],
      ['telepon', '9999 0000', ['Siti Aminah']],
      ['telepon digits and dashes', '555-1234', ['Rudi_Hartono']],
      ['alamat', 'kenanga', ['Siti Aminah']],
      ['several rows', 'udi', ['Budi Santoso', 'Rudi_Hartono']],
      ['nothing', 'tidak ada', []],
      ['not kecamatan (spec: name, NIK, phone, address)', 'sawangan', []],
      ['alamat in capitals', 'JL. MELATI', ['Budi Santoso']],
      ['never across two fields (end of nama, start of NIK)', 'santoso3201', []],
      ['never across two fields, even with the separator of the search column', 'aminah\u00013175', []],
      ['a search with that separator still matches a field', '\u0001', []],
    ])('finds by %s', async (_name, search, expected) => {
      expect(await names(`?search=${encodeURIComponent(search)}`)).toEqual(expected);
    });

    it('follows edits: a changed address is found by its new words only', async () => {
      const budi = (await list('?search=melati')).json().data[0];
      const res = await t.request({
        method: 'PUT',
        url: `/api/nasabah/${budi.id}`,
        payload: validBody({ nama: budi.nama, nik: budi.nik, telepon: budi.telepon, alamat: 'Jl. Dahlia 9', status: 'aktif' }),
      });
      expect(res.statusCode).toBe(200);
      expect(await names('?search=melati')).toEqual([]);
      expect(await names('?search=DAHLIA')).toEqual(['Budi Santoso']);
    });

    it('takes LIKE wildcards and quotes literally', async () => {
      expect(await names(`?search=${encodeURIComponent('%')}`)).toEqual(['Siti Aminah']);
      expect(await names(`?search=${encodeURIComponent('_')}`)).toEqual(['Rudi_Hartono']);
      expect(await names(`?search=${encodeURIComponent("O'Brien")}`)).toEqual(['Rudi_Hartono']);
      expect(await names(`?search=${encodeURIComponent('\\')}`)).toEqual([]);
    });

    it('survives injection-like search strings and leaves the table intact', async () => {
      for (const search of [
        "' OR '1'='1",
        "'; DROP TABLE nasabah; --",
        '") OR 1=1 --',
        '%%',
        '<script>alert(1)</script>',
        '\\%',
      ]) {
        const res = await list(`?search=${encodeURIComponent(search)}`);
        expect(res.statusCode, search).toBe(200);
        expect(res.json().data, search).toEqual([]);
      }
      // PostgreSQL cannot hold a NUL character: a 400 with a message, never a 500.
      const nul = await list(`?search=${encodeURIComponent('a\u0000b')}`);
      expectFieldError(nul, 'search', messages.common.textNulChar);
      expect((await list()).json().meta.pagination.total).toBe(3);
    });

    it('combines search, status filter, sorting and paging', async () => {
      const body = (await list('?search=udi&status=aktif&sortBy=nama&sortOrder=desc&limit=1&page=2')).json();
      expect(body.meta.pagination).toMatchObject({ total: 2, totalPages: 2, page: 2 });
      expect(body.data.map((n: { nama: string }) => n.nama)).toEqual(['Budi Santoso']);
    });
  });
});

describe('GET /api/nasabah/stats', () => {
  it('counts living customers only: total_nasabah, total, aktif, nonaktif', async () => {
    expect(await stats()).toEqual({ total_nasabah: 0, total: 0, aktif: 0, nonaktif: 0 });
    const a = await create();
    await create();
    await create({ status: 'nonaktif' });
    expect(await stats()).toEqual({ total_nasabah: 3, total: 3, aktif: 2, nonaktif: 1 });
    await t.request({ method: 'DELETE', url: `/api/nasabah/${a.id}` });
    expect(await stats()).toEqual({ total_nasabah: 2, total: 2, aktif: 1, nonaktif: 1 });
  });
});

describe('GET /api/nasabah/{id}', () => {
  it('answers the customer with its maintained total_pinjaman', async () => {
    const created = await create();
    await addLoan(created.id, 3_000_000, 'lunas');
    await addLoan(created.id, 2_500_000, 'aktif');
    const res = await t.request({ method: 'GET', url: `/api/nasabah/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, nik: created.nik, total_pinjaman: 5_500_000 });
  });

  it('answers 404 for an unknown id and 400 for an id that is not one', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nasabah/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Nasabah tidak ditemukan' });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const r = await t.request({ method: 'GET', url: `/api/nasabah/${bad}` });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().errors[0].path, bad).toBe('id');
    }
  });

  it('lists imported records with missing required data in data_completeness', async () => {
    // As an import may leave a record.
    const row = await addNasabah(t, 'Data Lama', {
      nik: null,
      telepon: '',
      alamat: null,
      kecamatan: 'Bojong',
      kota: null,
      tanggal_nasabah: null,
    });
    const data = (await t.request({ method: 'GET', url: `/api/nasabah/${row.id}` })).json().data;
    expect(data.data_completeness).toEqual(['nik', 'telepon', 'alamat', 'kota']);
    expect(data.tanggal_nasabah).toBeNull();
    const listed = (await list()).json().data[0];
    expect(listed.data_completeness).toEqual(['nik', 'telepon', 'alamat', 'kota']);
  });
});

describe('PUT /api/nasabah/{id}', () => {
  it('replaces the fields, switches the status and records an activity', async () => {
    const created = await create({ tanggal_nasabah: '2024-03-01' });
    const res = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${created.id}`,
      payload: validBody({
        nama: 'Budi S. Baru',
        nik: created.nik,
        kota: 'Depok',
        status: 'nonaktif',
        tanggal_nasabah: '2024-03-01',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Data nasabah berhasil diperbarui');
    expect(res.json().data).toMatchObject({
      nama: 'Budi S. Baru',
      nama_lengkap: 'Budi S. Baru',
      kota: 'Depok',
      status: 'nonaktif',
      data_completeness: [],
    });
    expect(new Date(res.json().data.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(res.json().data.created_at).getTime());
    const activity = await activityOfType(t.app.db, 'nasabah.update');
    expect(activity).toMatchObject({
      category: 'other',
      entity_id: created.id,
      description: 'Data nasabah diperbarui: Budi S. Baru',
    });
  });

  it('needs the status on edit and reports every field error at once', async () => {
    const created = await create();
    const res = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${created.id}`,
      payload: { nama: '', nik: '123', telepon: 'x' },
    });
    expectFieldErrors(res, {
      nama: m.namaRequired,
      nik: m.nikMin,
      telepon: m.teleponInvalid,
      alamat: m.alamatRequired,
      status: m.statusInvalid,
    });
    const unchanged = (await t.request({ method: 'GET', url: `/api/nasabah/${created.id}` })).json().data;
    expect(unchanged.nama).toBe('Budi Santoso');
    expect(await countRows(t.app.db, 'activities')).toBe(1);
  });

  it("refuses another customer's NIK with 409 and changes nothing", async () => {
    const a = await create();
    const b = await create({ nama: 'Dua' });
    const res = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${b.id}`,
      payload: validBody({ nik: a.nik, nama: 'Dua Baru', status: 'aktif' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ path: 'nik', msg: 'NIK sudah terdaftar' }]);
    expect((await t.request({ method: 'GET', url: `/api/nasabah/${b.id}` })).json().data.nama).toBe('Dua');
    expect(await countRows(t.app.db, 'activities')).toBe(2);
  });

  it('answers 404 for an unknown or deleted customer', async () => {
    const res = await t.request({ method: 'PUT', url: '/api/nasabah/424242', payload: validBody({ status: 'aktif' }) });
    expect(res.statusCode).toBe(404);
    const gone = await create();
    await t.request({ method: 'DELETE', url: `/api/nasabah/${gone.id}` });
    const again = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${gone.id}`,
      payload: validBody({ nik: gone.nik, status: 'aktif' }),
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps the generated mark while the date is kept, and drops it when staff set another date', async () => {
    const created = await create();
    expect(created.data_completeness).toEqual(['tanggal_nasabah']);
    const same = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${created.id}`,
      payload: validBody({ nik: created.nik, status: 'aktif', tanggal_nasabah: created.tanggal_nasabah }),
    });
    expect(same.json().data.data_completeness).toEqual(['tanggal_nasabah']);
    const empty = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${created.id}`,
      payload: validBody({ nik: created.nik, status: 'aktif', tanggal_nasabah: '' }),
    });
    expect(empty.json().data).toMatchObject({ tanggal_nasabah: created.tanggal_nasabah, data_completeness: ['tanggal_nasabah'] });
    const own = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${created.id}`,
      payload: validBody({ nik: created.nik, status: 'aktif', tanggal_nasabah: '2022-12-31' }),
    });
    expect(own.json().data).toMatchObject({ tanggal_nasabah: '2022-12-31', data_completeness: [] });
    const cleared = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${created.id}`,
      payload: validBody({ nik: created.nik, status: 'aktif', tanggal_nasabah: null }),
    });
    expect(cleared.json().data).toMatchObject({ tanggal_nasabah: '2022-12-31', data_completeness: [] });
  });

  it('fills a missing date of an imported record with today, marked as generated, and completes it', async () => {
    const row = await addNasabah(t, 'Data Lama', {
      nik: null,
      telepon: null,
      alamat: null,
      kecamatan: null,
      kota: null,
      tanggal_nasabah: null,
    });
    const res = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${row.id}`,
      payload: validBody({ nama: 'Data Lama', status: 'aktif' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ tanggal_nasabah: todayJakarta(), data_completeness: ['tanggal_nasabah'] });
  });
});

describe('terima_pengingat (WhatsApp reminders, issue 24)', () => {
  const put = (id: number, nik: string, extra: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/nasabah/${id}`, payload: validBody({ nik, status: 'aktif', ...extra }) });
  const stored = async (id: number) =>
    (await t.app.db.selectFrom('nasabah').select('terima_pengingat').where('id', '=', id).executeTakeFirstOrThrow())
      .terima_pengingat;

  it('is yes unless the customer declined, on create and in every answer', async () => {
    const plain = await create();
    expect(plain.terima_pengingat).toBe(true);
    const declined = await create({ terima_pengingat: false });
    expect(declined.terima_pengingat).toBe(false);
    expect(await stored(declined.id)).toBe(false);
    const detail = await t.request({ method: 'GET', url: `/api/nasabah/${declined.id}` });
    expect(detail.json().data.terima_pengingat).toBe(false);
  });

  it('is changed by an edit that sends it and kept by one that does not', async () => {
    const c = await create();
    expect((await put(c.id, c.nik, { terima_pengingat: false })).json().data.terima_pengingat).toBe(false);
    const kept = await put(c.id, c.nik, { kota: 'Depok' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.terima_pengingat).toBe(false);
    expect(await stored(c.id)).toBe(false);
    expect((await put(c.id, c.nik, { terima_pengingat: true })).json().data.terima_pengingat).toBe(true);
  });

  it('refuses a value that is not yes or no with a field error, and changes nothing', async () => {
    const c = await create();
    for (const bad of ['tidak', 1, null]) {
      const res = await put(c.id, c.nik, { terima_pengingat: bad, kota: 'Depok' });
      expectFieldError(res, 'terima_pengingat', 'Pilihan pengingat WhatsApp harus ya atau tidak');
    }
    const refused = await t.request({ method: 'POST', url: '/api/nasabah', payload: validBody({ terima_pengingat: 'ya' }) });
    expect(refused.statusCode).toBe(400);
    expect(await stored(c.id)).toBe(true);
  });
});

describe('DELETE /api/nasabah/{id}', () => {
  it('soft-deletes: the row stays, but list, stats, detail and search no longer see it', async () => {
    const keep = await create({ nama: 'Tetap Ada' });
    const gone = await create({ nama: 'Akan Dihapus' });
    const res = await t.request({ method: 'DELETE', url: `/api/nasabah/${gone.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Nasabah berhasil dihapus', data: null });

    const row = await t.app.db
      .selectFrom('nasabah')
      .select(['deleted_at', 'nama'])
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    const listed = (await list()).json();
    expect(listed.data.map((n: { id: number }) => n.id)).toEqual([keep.id]);
    expect(listed.meta.pagination.total).toBe(1);
    expect((await list('?search=dihapus')).json().data).toEqual([]);
    for (const key of nasabahSortKeys) expect((await list(`?sortBy=${key}`)).json().data, key).toHaveLength(1);
    expect((await stats()).total_nasabah).toBe(1);
    expect((await t.request({ method: 'GET', url: `/api/nasabah/${gone.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/nasabah/${gone.id}` })).statusCode).toBe(404);

    const activity = await t.app.db.selectFrom('activities').selectAll().where('type', '=', 'nasabah.delete').execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ category: 'other', entity_id: gone.id, description: 'Nasabah dihapus: Akan Dihapus' });
  });

  it('refuses with 409 while a living loan is aktif, and allows it once the loan is lunas or deleted', async () => {
    const nasabah = await create();
    const loanId = await addLoan(nasabah.id, 1_000_000, 'aktif');
    const refused = await t.request({ method: 'DELETE', url: `/api/nasabah/${nasabah.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'Nasabah masih memiliki pinjaman aktif' });
    const row = await t.app.db.selectFrom('nasabah').select('deleted_at').where('id', '=', nasabah.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
    expect(await countRows(t.app.db, 'activities')).toBe(1);

    await t.app.db
      .updateTable('pinjaman')
      .set({ deleted_at: sql<Date>`now()` })
      .where('id', '=', loanId)
      .execute();
    await addLoan(nasabah.id, 2_000_000, 'lunas');
    await addLoan(nasabah.id, 2_000_000, 'macet');
    expect((await t.request({ method: 'DELETE', url: `/api/nasabah/${nasabah.id}` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/nasabah/31337' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Nasabah tidak ditemukan');
  });
});
