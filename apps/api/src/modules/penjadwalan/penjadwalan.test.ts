import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { penjadwalanMessages as m, persetujuanMessages } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createKasir, createManajer, decideRequest, loanPayload, postLoan, postNasabah, postPayment } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import { pdfText } from '../../test/pdf-text';
import { TERMS_FIXED_RESCHEDULED } from '../pinjaman/pinjaman.service';

// Rescheduling (issue 27 D, fatwa 48/2005): Rp 12.000.000 at 2 % for 12 months from 15 January
// 2024 (12 × Rp 1.240.000, obligation Rp 14.880.000), three instalments paid; on 20 June the
// instalments of 15 May and 15 June are in arrears.

const clock = manualClock(new Date('2024-06-20T03:00:00Z'));
let t: TestApp;
let operator: { id: number; token: string };
let manajer: { id: number; token: string };
let nasabahId: number;
let counter = 0;

async function loan(fields: Record<string, unknown> = {}, paid = 3) {
  counter += 1;
  const { id } = await postLoan(t, nasabahId, { nomor_pinjaman: `J-${counter}`, tanggal_pinjam: '2024-01-15', ...fields });
  for (let k = 1; k <= paid; k += 1) await pay(id, k, `2024-0${k + 1}-15`);
  return id;
}
const pay = async (pinjaman_id: number, angsuran_ke: number | null, tanggal: string) => {
  await postPayment(t, pinjaman_id, { tanggal, angsuran_ke });
};
const propose = (id: number, payload: Record<string, unknown>, token = operator.token) =>
  t.request({ method: 'POST', url: `/api/pinjaman/${id}/penjadwalan`, token, payload });
const decide = (requestId: number, token: string) => decideRequest(t, requestId, 'setujui', { token });
const getLoan = async (id: number) => (await t.request({ method: 'GET', url: `/api/pinjaman/${id}` })).json().data;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  // This file's cashier goes by her username, as a user created without a name does.
  operator = await createKasir(t, { nama_lengkap: 'kasir' });
  manajer = await createManajer(t);
  nasabahId = await postNasabah(t);
});
afterAll(() => t.close());

describe('penjadwalan kembali', () => {
  it('plans the same remaining obligation, arrears included, over the new months', async () => {
    const id = await loan();
    const res = await t.request({ method: 'GET', url: `/api/pinjaman/${id}/penjadwalan?durasi=18&tenggang=1` });
    expect(res.statusCode, res.body).toBe(200);
    const { rencana, alasan } = res.json().data;
    expect(alasan).toBeNull();
    expect(rencana).toMatchObject({
      sisa_kewajiban: 14_880_000 - 3 * 1_240_000,
      sisa_pokok: 9_000_000,
      sisa_margin: 2_160_000,
      riwayat: 3,
      angsuran_baru: 620_000,
      jatuh_tempo_pertama: '2024-08-15',
    });
    const bad = await t.request({ method: 'GET', url: `/api/pinjaman/${id}/penjadwalan?durasi=0` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].msg).toBe(m.durasi);
  });

  it('starts the new schedule from the next monthly date as of Jakarta’s day, month ends clamped', async () => {
    // A loan of 31 January: its monthly dates are 29 February, 31 March, 30 April…
    const id = await loan({ tanggal_pinjam: '2024-01-31' }, 0);
    const firstDue = async () =>
      (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/penjadwalan?durasi=6` })).json().data.rencana
        .jatuh_tempo_pertama;
    try {
      clock.set(new Date('2024-02-28T16:59:59Z')); // 23:59:59 WIB, 28 February: 29 February is still ahead
      expect(await firstDue()).toBe('2024-02-29');
      clock.set(new Date('2024-02-28T17:00:00Z')); // 00:00 WIB, 29 February: the next is 31 March
      expect(await firstDue()).toBe('2024-03-31');
    } finally {
      clock.set(new Date('2024-06-20T03:00:00Z'));
    }
  });

  it('refuses a Mudharabah and a second request while one waits; proposing changes nothing', async () => {
    const mudharabah = await loan({ tipe: 'non-pokok', durasi_angsuran: null }, 0);
    const refused = await propose(mudharabah, { durasi: 6 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.bukanMurabahah);

    const id = await loan();
    const before = await getLoan(id);
    const res = await propose(id, { durasi: 18, tenggang: 1, alasan: 'Usaha sepi karena renovasi pasar' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ jenis: 'penjadwalan', status: 'menunggu' });
    expect(await getLoan(id)).toMatchObject({ hari_tunggakan: before.hari_tunggakan, angsuran_per_bulan: 1_240_000 });
    expect(before.hari_tunggakan).toBeGreaterThan(0);
    const again = await propose(id, { durasi: 12 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.sudahDiajukan);
  });

  it('approved by another person, the new schedule replaces the old, which stays as history', async () => {
    const id = await loan();
    const requestId = (await propose(id, { durasi: 18, tenggang: 1 })).json().data.id;
    const byOperator = await decide(requestId, operator.token);
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json().message).toBe(persetujuanMessages.bukanPenyetuju);
    const ok = await decide(requestId, manajer.token);
    expect(ok.statusCode, ok.body).toBe(200);

    expect(await getLoan(id)).toMatchObject({
      hari_tunggakan: 0,
      tunggakan_total: 0,
      angsuran_per_bulan: 620_000,
      status: 'aktif',
    });
    const jadwal = (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/jadwal` })).json().data;
    expect(jadwal.angsuran).toHaveLength(21);
    expect(jadwal.angsuran.slice(0, 3).every((l: { status: string }) => l.status === 'lunas')).toBe(true);
    expect(jadwal.angsuran[3]).toMatchObject({ jatuh_tempo: '2024-08-15', jumlah: 620_000 });
    expect(jadwal.angsuran.reduce((s: number, l: { sisa: number }) => s + l.sisa, 0)).toBe(11_160_000);
    expect(jadwal.ringkasan.tunggakan_total).toBe(0);

    // The printed schedule says so, beside its 21 lines.
    const pdf = await t.request({ method: 'GET', url: `/api/pinjaman/${id}/jadwal.pdf` });
    expect(pdfText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain('12 bulan (akad); dijadwalkan ulang menjadi 21 angsuran');
    const info = (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/penjadwalan?durasi=12` })).json().data;
    expect(info.riwayat).toHaveLength(1);
    expect(info.riwayat[0]).toMatchObject({ durasi: 18, tenggang: 1, sisa_kewajiban: 11_160_000, disetujui_oleh: 'Pak Manajer' });
    expect(info.riwayat[0].jadwal_lama).toHaveLength(12);
    const logged = await t.app.db
      .selectFrom('activities')
      .select(['type', 'user_id'])
      .where('entity_id', '=', id)
      .where('type', 'like', '%penjadwalan%')
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { type: 'penjadwalan.ajukan', user_id: operator.id },
      { type: 'persetujuan.penjadwalan.setujui', user_id: manajer.id },
    ]);
    // Its terms are fixed now: the frozen schedule adds up to them.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/pinjaman/${id}`,
      payload: loanPayload(nasabahId, {
        nomor_pinjaman: 'J-3',
        urutan_pinjaman: 3,
        tanggal_pinjam: '2024-01-15',
        jumlah: 15_000_000,
        status: 'aktif',
      }),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(TERMS_FIXED_RESCHEDULED);
    // The next payment pays the new schedule.
    await pay(id, 4, '2024-06-21');
    expect((await getLoan(id)).hari_tunggakan).toBe(0);
  });

  it('refuses to approve when a payment came in meanwhile; nothing is written', async () => {
    const id = await loan();
    const requestId = (await propose(id, { durasi: 6 })).json().data.id;
    await pay(id, 4, '2024-06-20');
    const stale = await decide(requestId, manajer.token);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(m.berubah);
    expect((await getLoan(id)).angsuran_per_bulan).toBe(1_240_000);
    const rows = await t.app.db.selectFrom('penjadwalan_ulang').select('id').where('pinjaman_id', '=', id).execute();
    expect(rows).toEqual([]);
  });
});
