import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, persetujuanMessages as m } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createKasir, decideRequest, loanPayload, postLoan, postNasabah, postPayment } from '../../test/populate';
import { manualClock } from '../../lib/clock';

// Approvals that can always end (issue 51 item 4): who could decide a request before it is sent
// (GET /api/persetujuan/pemutus), the refusal of a request nobody else could decide (409, nothing
// written), and the withdrawal of a waiting request by its proposer (POST /api/persetujuan/{id}/tarik).
// The app starts with one administrator and no manager: the demo's case.

const clock = manualClock(new Date('2024-06-20T03:00:00Z')); // 10:00 WIB, 20 June 2024
let t: TestApp;
let admin: { id: number };
let operator: { id: number; token: string };
let nasabahId: number;
let counter = 0;

const INSTALMENT = 9_333_333;

const pemutus = (jenis: string, token?: string) =>
  t.request({ method: 'GET', url: `/api/persetujuan/pemutus?jenis=${jenis}`, ...(token ? { token } : {}) });

const tarik = (id: number | string, catatan: unknown, token?: string) =>
  t.request({ method: 'POST', url: `/api/persetujuan/${id}/tarik`, payload: { catatan }, ...(token ? { token } : {}) });

const count = async (table: 'persetujuan' | 'pinjaman' | 'pembayaran' | 'activities') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const waiting = async (token?: string) =>
  (await t.request({ method: 'GET', url: '/api/persetujuan/jumlah', ...(token ? { token } : {}) })).json().data
    .menunggu as number;

const loanOf = async (id: number) => (await t.request({ method: 'GET', url: `/api/pinjaman/${id}` })).json().data;

const requestRow = (id: number) =>
  t.app.db
    .selectFrom('persetujuan')
    .select(['status', 'diputuskan_oleh', 'diputuskan_pada', 'catatan'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const activitiesOf = (pinjamanId: number) =>
  t.app.db
    .selectFrom('activities')
    .select(['type', 'description', 'user_id'])
    .where('entity_type', '=', 'pinjaman')
    .where('entity_id', '=', pinjamanId)
    .orderBy('id')
    .execute();

const setting = (pinjaman_baru: boolean) =>
  t.request({ method: 'PUT', url: '/api/settings/persetujuan', payload: { pinjaman_baru, batas_diskon_persen: 10 } });

/** A Rp 100 juta Murabahah (1 % a month, 12 months) with five instalments paid. */
async function murabahah() {
  counter += 1;
  const { id } = await postLoan(t, nasabahId, {
    nomor_pinjaman: `T-${counter}`,
    tanggal_pinjam: '2024-01-15',
    jumlah: 100_000_000,
    persentase: 1,
  });
  for (let k = 1; k <= 5; k += 1) await postPayment(t, id, { tanggal: `2024-0${k + 1}-15`, jumlah: INSTALMENT, angsuran_ke: k });
  return id;
}

/** A settlement with a khasm of 50 % of the margin still owed: above the 10 % limit, so it needs approval. */
const settleAboveLimit = (id: number, token?: string) =>
  t.request({
    method: 'POST',
    url: `/api/pinjaman/${id}/pelunasan`,
    payload: { tanggal: '2024-06-20', khasm: { jenis: 'persen', nilai: 50 }, alasan_khasm: 'penurunan_kemampuan' },
    ...(token ? { token } : {}),
  });

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = { id: (await t.request({ method: 'GET', url: '/api/auth/profile' })).json().data.user.id };
  operator = await createKasir(t);
  nasabahId = await postNasabah(t);
});
afterAll(() => t.close());

describe('who can decide (GET /api/persetujuan/pemutus)', () => {
  it('names the active administrators and managers other than the requester, or says nobody can and what to do', async () => {
    const forAdmin = await pemutus('pelunasan');
    expect(forAdmin.statusCode, forAdmin.body).toBe(200);
    expect(forAdmin.json().data).toEqual({ jenis: 'pelunasan', pemutus: [], alasan: m.tidakAdaPemutus });
    expect(m.tidakAdaPemutus).toContain('Tambahkan pengguna dengan peran Manajer di Pengguna');

    const forOperator = (await pemutus('pinjaman', operator.token)).json().data;
    expect(forOperator.alasan).toBeNull();
    expect(forOperator.pemutus).toEqual([{ id: admin.id, nama: expect.any(String), role: 'admin' }]);
  });

  it('refuses an unknown or missing kind (400, Indonesian) and an anonymous caller (401)', async () => {
    for (const url of ['/api/persetujuan/pemutus?jenis=hadiah', '/api/persetujuan/pemutus']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0]).toEqual({ path: 'jenis', msg: m.jenisInvalid });
    }
    const anonymous = await t.request({ method: 'GET', url: '/api/persetujuan/pemutus?jenis=pinjaman', token: null });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a request nobody else could decide is not created', () => {
  it('refuses a new loan that would wait, with 409 and nothing written; an operator’s waits for the administrator', async () => {
    expect((await setting(true)).statusCode).toBe(200);
    const before = {
      pinjaman: await count('pinjaman'),
      persetujuan: await count('persetujuan'),
      activities: await count('activities'),
    };
    const res = await t.request({
      method: 'POST',
      url: '/api/pinjaman',
      payload: loanPayload(nasabahId, { nomor_pinjaman: 'N-1' }),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(m.tidakAdaPemutus);
    expect({
      pinjaman: await count('pinjaman'),
      persetujuan: await count('persetujuan'),
      activities: await count('activities'),
    }).toEqual(before);

    const byOperator = await t.request({
      method: 'POST',
      url: '/api/pinjaman',
      token: operator.token,
      payload: loanPayload(nasabahId, { nomor_pinjaman: 'N-2' }),
    });
    expect(byOperator.statusCode, byOperator.body).toBe(201);
    expect(byOperator.json().data.status).toBe('pending');
    expect((await setting(false)).statusCode).toBe(200);
  });

  it('refuses a settlement above the khasm limit by the only administrator; the loan is untouched', async () => {
    const id = await murabahah();
    const before = { persetujuan: await count('persetujuan'), pembayaran: await count('pembayaran') };
    const res = await settleAboveLimit(id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(m.tidakAdaPemutus);
    expect({ persetujuan: await count('persetujuan'), pembayaran: await count('pembayaran') }).toEqual(before);
    expect((await loanOf(id)).status).toBe('aktif');
    expect((await activitiesOf(id)).map((a) => a.type)).not.toContain('pelunasan.ajukan');
  });
});

describe('withdrawing a waiting request (POST /api/persetujuan/{id}/tarik)', () => {
  it('the proposer withdraws a new loan with a reason: closed as a rejection would, recorded as ditarik, the badge drops', async () => {
    const loan = (await t.request({ method: 'GET', url: '/api/pinjaman?status=pending' })).json().data[0] as { id: number };
    const [request] = (await t.request({ method: 'GET', url: `/api/pinjaman/${loan.id}/persetujuan` })).json().data;
    const totalBefore = (await t.request({ method: 'GET', url: `/api/nasabah/${nasabahId}` })).json().data.total_pinjaman;
    const badgeBefore = await waiting();
    expect(badgeBefore).toBeGreaterThan(0);

    // Not the proposer (even an administrator): 403. No reason, a blank one, a NUL or 501 characters: 400.
    const byAdmin = await tarik(request.id, 'Bukan milik saya');
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(m.bukanPengaju);
    for (const [catatan, msg] of [
      [undefined, m.alasanTarikWajib],
      ['   ', m.alasanTarikWajib],
      ['a\u0000b', messages.common.textNulChar],
      ['x'.repeat(501), m.catatanMax],
    ] as const) {
      const bad = await tarik(request.id, catatan, operator.token);
      expect(bad.statusCode, String(catatan)).toBe(400);
      expect(bad.json().errors[0]).toEqual({ path: 'catatan', msg });
    }
    expect((await requestRow(request.id)).status).toBe('menunggu');
    expect((await loanOf(loan.id)).status).toBe('pending');

    const res = await tarik(request.id, '  Nasabah membatalkan rencana usaha  ', operator.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Pengajuan ditarik kembali');
    expect(res.json().data).toMatchObject({
      status: 'ditarik',
      catatan: 'Nasabah membatalkan rencana usaha',
      diputuskan_oleh: { id: operator.id },
      pinjaman: { id: loan.id, status: 'ditolak' },
    });
    expect((await requestRow(request.id)).diputuskan_pada).not.toBeNull();
    expect(await waiting()).toBe(badgeBefore - 1);
    const totalAfter = (await t.request({ method: 'GET', url: `/api/nasabah/${nasabahId}` })).json().data.total_pinjaman;
    expect(totalAfter).toBe(totalBefore - 12_000_000);
    const logged = (await activitiesOf(loan.id)).at(-1)!;
    expect(logged).toMatchObject({ type: 'persetujuan.pinjaman.tarik', user_id: operator.id });
    expect(logged.description).toContain('ditarik kembali oleh pengaju (alasan: Nasabah membatalkan rencana usaha)');
    expect(logged.description).not.toContain('ditolak');

    // Once withdrawn it can be neither withdrawn again nor decided.
    const again = await tarik(request.id, 'Lagi', operator.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.sudahDiputuskan);
    const decided = await decideRequest(t, request.id, 'setujui');
    expect(decided.statusCode).toBe(409);
    expect((await loanOf(loan.id)).status).toBe('ditolak');
  });

  it('an undecidable request made before the rule (the only administrator’s) can be withdrawn; the loan is as before', async () => {
    const id = await murabahah();
    // Written as the old code wrote it: the only administrator's settlement above the limit.
    const { id: requestId } = await t.app.db
      .insertInto('persetujuan')
      .values({ jenis: 'pelunasan', pinjaman_id: id, diajukan_oleh: admin.id, data: JSON.stringify({ khasm: 1 }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payments = await count('pembayaran');
    const res = await tarik(requestId, 'Tidak ada manajer yang dapat memutuskan');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('ditarik');
    expect(await requestRow(requestId)).toMatchObject({ status: 'ditarik', diputuskan_oleh: admin.id });
    expect((await loanOf(id)).status).toBe('aktif');
    expect(await count('pembayaran')).toBe(payments);
    // The loan is free for a new request (the one-waiting-per-kind index no longer holds it).
    const info = (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/pelunasan` })).json().data;
    expect(info.menunggu).toBeNull();
  });

  it('a settlement above the limit, once a manager exists, waits; its proposer withdraws it and nothing was paid', async () => {
    const manajer = await t.createUser({
      username: 'manajer2',
      password: 'rahasia-manajer-1',
      role: 'manajer',
      nama_lengkap: 'Bu Manajer',
    });
    expect((await pemutus('pelunasan')).json().data).toEqual({
      jenis: 'pelunasan',
      pemutus: [{ id: manajer.id, nama: 'Bu Manajer', role: 'manajer' }],
      alasan: null,
    });
    const id = await murabahah();
    const proposed = await settleAboveLimit(id);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const requestId = proposed.json().data.persetujuan.id as number;
    const res = await tarik(requestId, 'Nasabah akan membayar penuh');
    expect(res.statusCode, res.body).toBe(200);
    expect((await loanOf(id)).status).toBe('aktif');
    expect((await activitiesOf(id)).map((a) => a.type).slice(-2)).toEqual(['pelunasan.ajukan', 'persetujuan.pelunasan.tarik']);

    // A deactivated manager decides nothing: the administrator is alone again.
    const off = await t.request({ method: 'PUT', url: `/api/users/${manajer.id}/status`, payload: { is_active: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await pemutus('pelunasan')).json().data.pemutus).toEqual([]);
    expect((await settleAboveLimit(id)).statusCode).toBe(409);
  });

  it('an unknown request is 404, a bad id 400, an anonymous caller 401', async () => {
    const missing = await tarik(999999, 'Alasan');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Pengajuan tidak ditemukan');
    expect((await tarik('abc', 'Alasan')).statusCode).toBe(400);
    expect(
      (await t.request({ method: 'POST', url: '/api/persetujuan/1/tarik', payload: { catatan: 'x' }, token: null })).statusCode,
    ).toBe(401);
  });
});
