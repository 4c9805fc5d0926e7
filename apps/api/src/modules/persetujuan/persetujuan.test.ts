import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, persetujuanMessages as m } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createManajer, decideRequest, loanPayload, paymentPayload, postNasabah } from '../../test/populate';
import { activityDescriptions } from '../../test/rows';
import { manualClock } from '../../lib/clock';

// Approval of financing (issue 27 A): the setting, the pending loan, the queue and its count, the
// four-eyes rule, approval and rejection with their activity rows, and the refusals.

const clock = manualClock(new Date('2024-03-15T05:00:00Z')); // 12:00 WIB, 15 March 2024
let t: TestApp;
let operator: { id: number; token: string };
let manajer: { id: number; token: string };
let nasabahId: number;

/** The worked-example loan under `nomor`, without urutan_pinjaman: the server numbers it. */
const proposal = (nomor: string) => loanPayload(nasabahId, { nomor_pinjaman: nomor, urutan_pinjaman: undefined });

async function proposeLoan(token: string, nomor: string) {
  const res = await t.request({ method: 'POST', url: '/api/pinjaman', token, payload: proposal(nomor) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; status: string };
}

const setting = (pinjaman_baru: boolean, token = t.token) =>
  t.request({ method: 'PUT', url: '/api/settings/persetujuan', token, payload: { pinjaman_baru, batas_diskon_persen: 10 } });

const queue = async (status = 'menunggu') => {
  const res = await t.request({ method: 'GET', url: `/api/persetujuan?status=${status}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; pinjaman: { id: number }; status: string; diajukan_oleh: { nama: string } }[];
    meta: { pagination: { total: number } };
  };
};

const requestOf = async (pinjamanId: number) => {
  const res = await t.request({ method: 'GET', url: `/api/pinjaman/${pinjamanId}/persetujuan` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as {
    id: number;
    status: string;
    catatan: string | null;
    diputuskan_oleh: { id: number; nama: string } | null;
  };
};

const pay = (pinjaman_id: number, token = t.token) =>
  t.request({
    method: 'POST',
    url: '/api/pembayaran',
    token,
    payload: paymentPayload(pinjaman_id, { tanggal: '2024-03-01' }),
  });

const activitiesOf = (pinjamanId: number) =>
  t.app.db
    .selectFrom('activities')
    .select(['type', 'description', 'user_id'])
    .where('entity_type', '=', 'pinjaman')
    .where('entity_id', '=', pinjamanId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operator = await t.createUser({
    username: 'petugas',
    password: 'rahasia-petugas-1',
    role: 'operator',
    nama_lengkap: 'Siti Petugas',
  });
  manajer = await createManajer(t);
  nasabahId = await postNasabah(t);
});

afterAll(() => t.close());

describe('approval of financing', () => {
  it('is off by default: a new loan is aktif and nothing waits', async () => {
    const res = await t.request({ method: 'GET', url: '/api/settings/persetujuan' });
    expect(res.json().data.setting).toEqual({ pinjaman_baru: false, batas_diskon_persen: 10 });
    const loan = await proposeLoan(operator.token, 'L-0');
    expect(loan.status).toBe('aktif');
    expect((await queue()).meta.pagination.total).toBe(0);
  });

  it('only an administrator changes the setting, and the change is logged', async () => {
    const refused = await setting(true, operator.token);
    expect(refused.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/settings/persetujuan' })).json().data.setting.pinjaman_baru).toBe(false);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/settings/persetujuan',
      payload: { pinjaman_baru: true, batas_diskon_persen: 120 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].msg).toBe(m.batasDiskon);
    const res = await setting(true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.setting.pinjaman_baru).toBe(true);
    expect(res.json().data.diubah_oleh).not.toBeNull();
    const [logged] = await activityDescriptions(t.app.db, 'pengaturan.persetujuan');
    expect(logged).toContain('pinjaman baru menunggu persetujuan');
  });

  it('a proposed loan waits: pending, in the queue and its count, takes no payment', async () => {
    const loan = await proposeLoan(operator.token, 'L-1');
    expect(loan.status).toBe('pending');
    const waiting = await queue();
    expect(waiting.data.map((r) => r.pinjaman.id)).toEqual([loan.id]);
    expect(waiting.data[0]!.diajukan_oleh.nama).toBe('Siti Petugas');
    const count = await t.request({ method: 'GET', url: '/api/persetujuan/jumlah', token: operator.token });
    expect(count.json().data).toEqual({ menunggu: 1 });

    const refused = await pay(loan.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.pinjamanMenunggu);
    const payments = await t.app.db.selectFrom('pembayaran').select('id').where('pinjaman_id', '=', loan.id).execute();
    expect(payments).toEqual([]);

    // Not disbursed: no arrears on its ledger although its first due date has passed.
    const jadwal = (await t.request({ method: 'GET', url: `/api/pinjaman/${loan.id}/jadwal` })).json().data;
    expect(jadwal.ringkasan).toMatchObject({ tunggakan_total: 0, hari_tunggakan: 0 });
    // An edit keeps it pending whatever status the form sends.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/pinjaman/${loan.id}`,
      token: operator.token,
      payload: { ...proposal('L-1'), urutan_pinjaman: 2, jaminan: 'BPKB', status: 'aktif' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.status).toBe('pending');

    const logged = await activitiesOf(loan.id);
    expect(logged[0]).toMatchObject({ type: 'pinjaman.create', user_id: operator.id });
    expect(logged[0]!.description).toContain('menunggu persetujuan');
  });

  it('refuses a decision by a role that may not approve, and by the proposer', async () => {
    const [request] = (await queue()).data;
    const byOperator = await decideRequest(t, request!.id, 'setujui', { token: operator.token });
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json().message).toBe(m.bukanPenyetuju);

    const own = await proposeLoan(manajer.token, 'L-2');
    const ownRequest = await requestOf(own.id);
    const self = await decideRequest(t, ownRequest.id, 'setujui', { token: manajer.token });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(m.milikSendiri);
    expect((await requestOf(own.id)).status).toBe('menunggu');
    expect((await t.request({ method: 'GET', url: `/api/pinjaman/${own.id}` })).json().data.status).toBe('pending');
  });

  it('a manager approves another person’s proposal: the loan becomes aktif and takes payments', async () => {
    const [request] = (await queue()).data;
    const loanId = request!.pinjaman.id;
    const res = await decideRequest(t, request!.id, 'setujui', {
      token: manajer.token,
      catatan: '  Survei usaha sudah dilakukan  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'disetujui',
      catatan: 'Survei usaha sudah dilakukan',
      diputuskan_oleh: { id: manajer.id, nama: 'Pak Manajer' },
      pinjaman: { id: loanId, status: 'aktif' },
    });
    const loan = (await t.request({ method: 'GET', url: `/api/pinjaman/${loanId}` })).json().data;
    expect(loan).toMatchObject({ status: 'aktif', sisa_pokok: 12_000_000 });
    // Disbursed on 31 January: the instalment of 29 February is late on 15 March.
    expect(loan.hari_tunggakan).toBe(15);

    const again = await decideRequest(t, request!.id, 'tolak', { catatan: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.sudahDiputuskan);
    expect((await pay(loanId)).statusCode).toBe(201);

    const logged = await activitiesOf(loanId);
    const decision = logged.find((a) => a.type === 'persetujuan.pinjaman.setujui');
    expect(decision).toMatchObject({ user_id: manajer.id });
    expect(decision!.description).toContain('disetujui (catatan: Survei usaha sudah dilakukan)');
  });

  it('a rejection needs a reason; the rejected loan keeps its history and takes nothing', async () => {
    const loan = await proposeLoan(operator.token, 'L-3');
    const request = await requestOf(loan.id);
    const before = (await t.request({ method: 'GET', url: `/api/nasabah/${nasabahId}` })).json().data.total_pinjaman;

    const noReason = await decideRequest(t, request.id, 'tolak', { catatan: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].msg).toBe(m.catatanWajib);
    const nul = await decideRequest(t, request.id, 'tolak', { catatan: 'Tidak\u0000layak' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].msg).toBe(messages.common.textNulChar);
    expect((await requestOf(loan.id)).status).toBe('menunggu');

    const res = await decideRequest(t, request.id, 'tolak', { catatan: 'Usaha belum berjalan enam bulan' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await requestOf(loan.id)).toMatchObject({ status: 'ditolak', catatan: 'Usaha belum berjalan enam bulan' });
    expect((await t.request({ method: 'GET', url: `/api/pinjaman/${loan.id}` })).json().data.status).toBe('ditolak');
    const after = (await t.request({ method: 'GET', url: `/api/nasabah/${nasabahId}` })).json().data.total_pinjaman;
    expect(after).toBe(before - 12_000_000);

    const refused = await pay(loan.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.pinjamanDitolak);
    const list = await t.request({ method: 'GET', url: '/api/pinjaman?status=ditolak' });
    expect(list.json().data.map((l: { id: number }) => l.id)).toEqual([loan.id]);
    expect((await queue('selesai')).data.map((r) => r.status)).toEqual(['ditolak', 'disetujui']);
    expect((await activitiesOf(loan.id)).map((a) => a.type)).toEqual(['pinjaman.create', 'persetujuan.pinjaman.tolak']);
  });

  it('deleting a waiting loan cancels its request; an unknown request is 404', async () => {
    const loan = await proposeLoan(operator.token, 'L-4');
    const before = (await queue()).meta.pagination.total;
    expect((await t.request({ method: 'DELETE', url: `/api/pinjaman/${loan.id}` })).statusCode).toBe(200);
    expect((await queue()).meta.pagination.total).toBe(before - 1);
    const row = await t.app.db
      .selectFrom('persetujuan')
      .select('status')
      .where('pinjaman_id', '=', loan.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('dibatalkan');
    const missing = await decideRequest(t, 999999, 'setujui');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Pengajuan tidak ditemukan');
  });

  it('an administrator can make a user a manager', async () => {
    const res = await t.request({ method: 'PUT', url: `/api/users/${operator.id}/role`, payload: { role: 'manajer' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.role).toBe('manajer');
  });
});
