import { beforeEach, describe, expect, it } from 'vitest';
import { appPerFile, type TestApp } from '../../test/test-app';
import { expectFieldErrors } from '../../test/refusals';

let t: TestApp;
appPerFile((app) => {
  t = app;
});
beforeEach(async () => {
  await t.app.db.deleteFrom('wa_messages').execute();
  await t.app.db.deleteFrom('wa_recipients').execute();
});

const URL = '/api/wa-notification-recipients';
const create = (payload: object) => t.request({ method: 'POST', url: URL, payload });
const count = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('wa_recipients')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/wa-notification-recipients', () => {
  it('stores 08… as 62…, trims the name, defaults to active, answers 201 with the recipient', async () => {
    const res = await create({ name: '  Pak Ahmad  ', phone_number: '0812-3456-7890' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Penerima notifikasi berhasil ditambahkan');
    expect(body.data).toEqual({
      id: expect.any(Number),
      name: 'Pak Ahmad',
      phone_number: '6281234567890',
      status: 'active',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      updated_at: expect.any(String),
    });
    const row = await t.app.db.selectFrom('wa_recipients').selectAll().executeTakeFirstOrThrow();
    expect(row.phone_number).toBe('6281234567890');
  });

  it.each([
    [{ name: '', phone_number: '08123456789' }, [{ path: 'name', msg: 'Nama harus diisi' }]],
    [{ name: 'x'.repeat(256), phone_number: '08123456789' }, [{ path: 'name', msg: 'Nama maksimal 255 karakter' }]],
    [{ name: 'A', phone_number: '' }, [{ path: 'phone_number', msg: 'Nomor telepon harus diisi' }]],
    [
      { name: 'A', phone_number: '12345678' },
      [{ path: 'phone_number', msg: 'Format nomor telepon tidak valid. Gunakan format 08xxx atau 62xxx' }],
    ],
    [{ name: 'A', phone_number: '08123456789', status: 'aktif' }, [{ path: 'status', msg: 'Status harus active atau inactive' }]],
  ])('refuses %j with 400 and the field message, writing nothing', async (payload, errors) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors });
    expect(await count()).toBe(0);
  });

  it('accepts a name of exactly 255 characters', async () => {
    expect((await create({ name: 'x'.repeat(255), phone_number: '08123456789' })).statusCode).toBe(201);
  });

  it('refuses a number registered already, however it is written: 409 on phone_number', async () => {
    await create({ name: 'Pertama', phone_number: '081234567890' });
    const res = await create({ name: 'Kedua', phone_number: '+62 812-3456-7890' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'Nomor telepon sudah terdaftar',
      errors: [{ path: 'phone_number', msg: 'Nomor telepon sudah terdaftar' }],
    });
    expect(await count()).toBe(1);
  });

  it('needs a token', async () => {
    const res = await t.request({ method: 'POST', url: URL, payload: { name: 'A', phone_number: '08123456789' }, token: null });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/wa-notification-recipients', () => {
  async function seed(n: number, status: 'active' | 'inactive' = 'active', prefix = 'Penerima') {
    for (let i = 1; i <= n; i++) {
      await create({
        name: `${prefix} ${String(i).padStart(2, '0')}`,
        phone_number: `0812${status === 'active' ? '1' : '2'}${String(i).padStart(6, '0')}`,
        status,
      });
    }
  }

  it('pages by 10 with data.recipients and data.pagination {current_page, total_pages, total_items, items_per_page}', async () => {
    await seed(12);
    const first = (await t.request({ method: 'GET', url: URL })).json();
    expect(first.success).toBe(true);
    expect(first.data.pagination).toEqual({ current_page: 1, total_pages: 2, total_items: 12, items_per_page: 10 });
    expect(first.data.recipients).toHaveLength(10);
    // Newest first.
    expect(first.data.recipients[0].name).toBe('Penerima 12');
    const second = (await t.request({ method: 'GET', url: `${URL}?page=2` })).json();
    expect(second.data.recipients.map((r: { name: string }) => r.name)).toEqual(['Penerima 02', 'Penerima 01']);
    expect(second.data.pagination.current_page).toBe(2);
    expect(first.meta).toBeUndefined();
  });

  it('filters by status and searches name or number (08… finds 62…)', async () => {
    await seed(3, 'active', 'Aktif');
    await seed(2, 'inactive', 'Libur');
    await create({ name: 'Bu Siti', phone_number: '085700001111' });
    const get = async (query: string) => (await t.request({ method: 'GET', url: `${URL}?${query}` })).json().data;
    expect((await get('status=inactive')).pagination.total_items).toBe(2);
    expect((await get('status=active')).pagination.total_items).toBe(4);
    expect((await get('status=all')).pagination.total_items).toBe(6);
    expect((await get('search=siti')).recipients.map((r: { name: string }) => r.name)).toEqual(['Bu Siti']);
    expect((await get('search=0857')).recipients.map((r: { name: string }) => r.name)).toEqual(['Bu Siti']);
    expect((await get('search=62857')).recipients.map((r: { name: string }) => r.name)).toEqual(['Bu Siti']);
    expect((await get('search=libur&status=active')).pagination.total_items).toBe(0);
    expect((await get('search=%25')).pagination.total_items).toBe(0);
    const empty = await get('search=tidak-ada');
    expect(empty).toEqual({
      recipients: [],
      pagination: { current_page: 1, total_pages: 0, total_items: 0, items_per_page: 10 },
    });
  });

  it('refuses a bad query with 400', async () => {
    const res = await t.request({ method: 'GET', url: `${URL}?status=aktif&page=0` });
    expectFieldErrors(res, { status: 'Filter status tidak valid', page: 'Halaman minimal 1' });
  });

  it('GET /active lists only active recipients', async () => {
    await seed(2, 'active');
    await seed(1, 'inactive');
    const res = await t.request({ method: 'GET', url: `${URL}/active` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { status: string }) => r.status)).toEqual(['active', 'active']);
  });
});

describe('GET, PUT, DELETE /api/wa-notification-recipients/{id}', () => {
  it('reads, edits (number normalised, status switched) and deletes one recipient', async () => {
    const { id } = (await create({ name: 'Pak Budi', phone_number: '081111111111' })).json().data;
    expect((await t.request({ method: 'GET', url: `${URL}/${id}` })).json().data.name).toBe('Pak Budi');

    const put = await t.request({
      method: 'PUT',
      url: `${URL}/${id}`,
      payload: { name: 'Pak Budi S.', phone_number: '0822 2222 2222', status: 'inactive' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe('Penerima notifikasi berhasil diperbarui');
    expect(put.json().data).toMatchObject({ id, name: 'Pak Budi S.', phone_number: '6282222222222', status: 'inactive' });
    // Keeping its own number is fine.
    expect(
      (await t.request({ method: 'PUT', url: `${URL}/${id}`, payload: { name: 'Pak Budi', phone_number: '6282222222222' } }))
        .statusCode,
    ).toBe(200);

    const del = await t.request({ method: 'DELETE', url: `${URL}/${id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Penerima notifikasi berhasil dihapus', data: null });
    expect(await count()).toBe(0);
  });

  it('refuses to take another recipient’s number (409) and leaves both unchanged', async () => {
    await create({ name: 'A', phone_number: '081111111111' });
    const { id } = (await create({ name: 'B', phone_number: '082222222222' })).json().data;
    const res = await t.request({ method: 'PUT', url: `${URL}/${id}`, payload: { name: 'B2', phone_number: '6281111111111' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ path: 'phone_number', msg: 'Nomor telepon sudah terdaftar' }]);
    const row = await t.app.db.selectFrom('wa_recipients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'B', phone_number: '6282222222222' });
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.request({ method, url: `${URL}/999999` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Penerima notifikasi tidak ditemukan' });
    }
    const put = await t.request({ method: 'PUT', url: `${URL}/999999`, payload: { name: 'A', phone_number: '081111111111' } });
    expect(put.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${URL}/abc` })).statusCode).toBe(400);
  });

  it('keeps the message log when a recipient is deleted (recipient_id set to null)', async () => {
    const { id } = (await create({ name: 'A', phone_number: '081111111111' })).json().data;
    await t.app.db
      .insertInto('wa_messages')
      .values({ idempotency_key: 'k', recipient_id: id, phone_number: '6281111111111', text: 'x', status: 'SENT' })
      .execute();
    expect((await t.request({ method: 'DELETE', url: `${URL}/${id}` })).statusCode).toBe(200);
    const log = await t.app.db.selectFrom('wa_messages').selectAll().executeTakeFirstOrThrow();
    expect(log).toMatchObject({ recipient_id: null, phone_number: '6281111111111', status: 'SENT' });
  });
});
