import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { populate, type Populated } from './populate';
import { CACHED_PAGE_ROWS } from '../lib/list-answer';

// Large list pages are sent from the snapshot cache (db/snapshot-cache.ts, lib/list-answer.ts)
// while nothing is committed; every write through the API must show in the next answer.
describe('large list pages from the snapshot cache', () => {
  let t: TestApp;
  let book: Populated;
  beforeAll(async () => {
    t = await createTestApp();
    book = await populate(t, { customers: 12 });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.request({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const counts = () => ({ ...t.app.answers.stats });

  for (const list of ['nasabah', 'pinjaman', 'pembayaran'] as const) {
    it(`${list}: the same large page asked again is sent from memory, byte for byte`, async () => {
      const url = `/api/${list}?limit=1000`;
      await get(url); // a query's first answer is never kept
      const first = await get(url);
      const before = counts();
      const second = await get(url);
      expect(second.body).toBe(first.body);
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      expect(counts()).toEqual({ ...before, hits: before.hits + 1 });

      // What was sent from memory is what a page computed now gives: the first rows of a small
      // page (never cached) are the first rows of the large one.
      const small = await get(`/api/${list}?limit=10`);
      expect(counts()).toEqual({ ...before, hits: before.hits + 1 });
      expect(second.json().data.slice(0, 10)).toEqual(small.json().data);
      expect(second.json().meta.pagination.total).toBe(small.json().meta.pagination.total);

      // Another query is another answer.
      const ascending = await get(`${url}&sortOrder=asc`);
      expect(ascending.json().data).toEqual([...second.json().data].reverse());
    });
  }

  it('a new customer shows in the next large customer page', async () => {
    const before = (await get('/api/nasabah?limit=1000')).json();
    const created = await t.request({
      method: 'POST',
      url: '/api/nasabah',
      payload: {
        nama: 'Nasabah Baru Cache',
        nik: '3201999900001234',
        telepon: '081299990000',
        alamat: 'Jl. Baru 1',
        kecamatan: 'Cibinong',
        kota: 'Bogor',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = (await get('/api/nasabah?limit=1000')).json();
    expect(after.meta.pagination.total).toBe(before.meta.pagination.total + 1);
    expect(after.data.map((n: { id: number }) => n.id)).toContain(created.json().data.id);
  });

  it('a payment shows in the next large payment page and its loan balance in the next loan page', async () => {
    const loanId = book.loans[1]!.id;
    const loanBefore = (await get('/api/pinjaman?limit=1000')).json().data.find((l: { id: number }) => l.id === loanId);
    const paymentsBefore = (await get('/api/pembayaran?limit=1000')).json();
    const paid = await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: { pinjaman_id: loanId, tanggal: '2024-04-15', jumlah: 500_000, jenis: 'pokok', keterangan: 'Uji cache' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentsAfter = (await get('/api/pembayaran?limit=1000')).json();
    expect(paymentsAfter.meta.pagination.total).toBe(paymentsBefore.meta.pagination.total + 1);
    expect(paymentsAfter.data.map((p: { id: number }) => p.id)).toContain(paid.json().data.id);
    const loanAfter = (await get('/api/pinjaman?limit=1000')).json().data.find((l: { id: number }) => l.id === loanId);
    // The 500 000 paid is owed no more; part of it is margin, the rest principal (issue 47).
    expect(loanAfter.sisa_kewajiban).toBe(loanBefore.sisa_kewajiban - 500_000);
    expect(loanAfter.sisa_pokok).toBeLessThan(loanBefore.sisa_pokok);
  });

  it('a deleted customer leaves the next large page', async () => {
    const target = book.nasabah[2]!.id; // has no loan
    expect((await get('/api/nasabah?limit=1000')).json().data.map((n: { id: number }) => n.id)).toContain(target);
    const deleted = await t.request({ method: 'DELETE', url: `/api/nasabah/${target}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get('/api/nasabah?limit=1000')).json().data.map((n: { id: number }) => n.id)).not.toContain(target);
  });

  it('remembers a search of any page size, and the next search finds a customer renamed since', async () => {
    const search = '/api/nasabah?limit=10&search=zaitun';
    expect((await get(search)).json().meta.pagination.total).toBe(0);
    expect((await get(search)).json().meta.pagination.total).toBe(0);
    const before = counts();
    expect((await get(search)).json().meta.pagination.total).toBe(0);
    expect(counts()).toEqual({ ...before, hits: before.hits + 1 });
    for (const list of ['pinjaman', 'pembayaran']) for (const _ of [1, 2]) await get(`/api/${list}?search=zaitun`);

    const target = book.nasabah[0]!.id;
    const current = (await get(`/api/nasabah/${target}`)).json().data;
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/nasabah/${target}`,
      payload: { ...current, nama: 'Ibu Zaitun', tanggal_nasabah: current.tanggal_nasabah },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const found = (await get(search)).json();
    expect(found.meta.pagination.total).toBe(1);
    expect(found.data[0]).toMatchObject({ id: target, nama: 'Ibu Zaitun' });
    // The loan and payment searches read the customer's name copied onto the loan.
    expect((await get('/api/pinjaman?search=zaitun')).json().meta.pagination.total).toBeGreaterThan(0);
    expect((await get('/api/pembayaran?search=zaitun')).json().meta.pagination.total).toBeGreaterThan(0);
  });

  it('compresses a remembered answer like any other', async () => {
    await get('/api/nasabah?limit=1000');
    const plain = await get('/api/nasabah?limit=1000');
    const before = counts();
    const gzipped = await get('/api/nasabah?limit=1000', { 'accept-encoding': 'gzip' });
    expect(counts().hits).toBe(before.hits + 1);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it(`computes pages below ${CACHED_PAGE_ROWS} rows every time`, async () => {
    const before = counts();
    await get(`/api/nasabah?limit=${CACHED_PAGE_ROWS - 1}`);
    await get(`/api/nasabah?limit=${CACHED_PAGE_ROWS - 1}`);
    expect(counts()).toEqual(before);
    for (const _ of [1, 2, 3]) await get(`/api/nasabah?limit=${CACHED_PAGE_ROWS}`);
    expect(counts()).toEqual({ hits: before.hits + 1, computed: before.computed + 2, firstAsked: before.firstAsked + 1 });
  });

  it('answers a search typed for the first time without keeping it', async () => {
    const search = '/api/nasabah?search=sekali+saja';
    const before = counts();
    const once = await get(search);
    expect(counts()).toEqual({ hits: before.hits, computed: before.computed + 1, firstAsked: before.firstAsked + 1 });
    expect((await get(search)).body).toBe(once.body);
    expect(counts()).toEqual({ hits: before.hits, computed: before.computed + 2, firstAsked: before.firstAsked + 1 });
  });
});
