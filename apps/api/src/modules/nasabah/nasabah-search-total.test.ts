import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// Search totals are remembered per data version (nasabah.repository.ts, issue 10): every write
// that can change a search result must show in the very next total.
let t: TestApp;
let nik = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  nama: 'Budi Santoso',
  nik: `3202${String(++nik).padStart(12, '0')}`,
  telepon: '0812-3456-7890',
  alamat: 'Jl. Mawar No. 5',
  kecamatan: 'Cibinong',
  kota: 'Bogor',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 30; i++) {
    const res = await t.request({
      method: 'POST',
      url: '/api/nasabah',
      payload: body({ nama: i < 6 ? `Budi ${i}` : `Siti ${i}` }),
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

async function search(query: string) {
  const res = await t.request({ method: 'GET', url: `/api/nasabah?limit=3&${query}` });
  expect(res.statusCode).toBe(200);
  const json = res.json();
  return { total: json.meta.pagination.total as number, names: (json.data as { nama: string }[]).map((n) => n.nama) };
}

describe('customer search totals', () => {
  it('stay exact through creates, edits, status changes and deletes', async () => {
    expect((await search('search=budi')).total).toBe(6);
    expect((await search('search=budi')).total).toBe(6);
    const created = (await t.request({ method: 'POST', url: '/api/nasabah', payload: body({ nama: 'Budi Baru' }) })).json().data;
    expect((await search('search=budi')).total).toBe(7);
    expect((await search('search=budi&sortBy=nama&sortOrder=asc')).names).toEqual(['Budi 0', 'Budi 1', 'Budi 2']);

    const update = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${created.id}`,
      payload: { ...body({ nama: 'Andi Baru', nik: created.nik }), status: 'nonaktif', tanggal_nasabah: created.tanggal_nasabah },
    });
    expect(update.statusCode).toBe(200);
    expect((await search('search=budi')).total).toBe(6);
    expect((await search('search=andi')).total).toBe(1);
    expect((await search('search=andi&status=aktif')).total).toBe(0);
    expect((await search('search=andi&status=nonaktif')).total).toBe(1);

    expect((await t.request({ method: 'DELETE', url: `/api/nasabah/${created.id}` })).statusCode).toBe(200);
    expect((await search('search=andi&status=nonaktif')).total).toBe(0);
    expect(await search('search=zzzz')).toEqual({ total: 0, names: [] });
  });

  it('are exact for a new search whose first request is a later page or past the end', async () => {
    // Counted with the gathered page (count over its rows) or, with no row to carry it, on their own.
    expect(await search('search=siti&page=99')).toEqual({ total: 24, names: [] });
    expect((await search('search=siti 1&page=2')).total).toBe(10);
    expect((await search('search=siti 1&page=2&sortBy=nama&sortOrder=asc')).names).toEqual(['Siti 13', 'Siti 14', 'Siti 15']);
  });
});
