import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupiah, pelunasanMessages as m, persetujuanMessages } from '@mizan/core';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createKasir, createManajer, decideRequest, postLoan, postNasabah, postPayment } from '../../test/populate';
import { activityDescriptions } from '../../test/rows';
import { manualClock } from '../../lib/clock';
import { SETTLEMENT_FIXED } from '../pembayaran/pembayaran.service';

// Early settlement (issue 27 B) on DSN's own example (MUIDigital, September 2022): Rp 100 juta
// with Rp 12 juta margin over 12 months (1 % a month), five instalments of Rp 9.333.333 paid,
// settled in the sixth month: the margin of months 7–12 is not collected (fatwa 153/2022); a
// khasm (fatwa 46/2005) comes off the margin still owed only.

const clock = manualClock(new Date('2024-06-20T03:00:00Z')); // 10:00 WIB, 20 June 2024
let t: TestApp;
let operator: { id: number; token: string };
let manajer: { id: number; token: string };
let nasabahId: number;
let counter = 0;

const INSTALMENT = 9_333_333;

/** A Rp 100 juta Murabahah with `paid` instalments, the k-th paid on `tanggalOf(k)` (monthly from February unless told). */
async function murabahah(paid: number, fields: Record<string, unknown> = {}, tanggalOf = (k: number) => `2024-0${k + 1}-15`) {
  counter += 1;
  const { id } = await postLoan(t, nasabahId, {
    nomor_pinjaman: `M-${counter}`,
    tanggal_pinjam: '2024-01-15',
    jumlah: 100_000_000,
    persentase: 1,
    ...fields,
  });
  for (let k = 1; k <= paid; k += 1) await postPayment(t, id, { tanggal: tanggalOf(k), jumlah: INSTALMENT, angsuran_ke: k });
  return id;
}

const info = async (id: number, tanggal?: string) => {
  const res = await t.request({ method: 'GET', url: `/api/pinjaman/${id}/pelunasan${tanggal ? `?tanggal=${tanggal}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const settle = (id: number, payload: Record<string, unknown>, token = t.token) =>
  t.request({ method: 'POST', url: `/api/pinjaman/${id}/pelunasan`, token, payload: { tanggal: '2024-06-20', ...payload } });

const paymentsOf = (id: number) =>
  t.app.db
    .selectFrom('pembayaran')
    .select(['id', 'jenis', 'jumlah', 'created_by'])
    .where('pinjaman_id', '=', id)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
const statusOf = async (id: number) => (await t.request({ method: 'GET', url: `/api/pinjaman/${id}` })).json().data.status;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operator = await createKasir(t);
  manajer = await createManajer(t);
  nasabahId = await postNasabah(t);
});
afterAll(() => t.close());

describe('early settlement of a Murabahah', () => {
  it('quotes the margin of the months begun; the months not begun are not collected', async () => {
    const id = await murabahah(5);
    const { quote, alasan, metode, batas_diskon_persen } = await info(id);
    expect({ alasan, metode, batas_diskon_persen }).toEqual({ alasan: null, metode: 'proporsional', batas_diskon_persen: 10 });
    expect(quote.bulan_berjalan).toBe(6);
    expect(quote.margin_akad).toBe(12_000_000);
    expect(Math.abs(quote.margin_berjalan - 6_000_000)).toBeLessThanOrEqual(2);
    expect(quote.margin_tidak_ditagih).toBe(12_000_000 - quote.margin_berjalan);
    expect(quote.total_pelunasan).toBe(100_000_000 + quote.margin_berjalan - 5 * INSTALMENT);
    expect(quote.sisa_kewajiban).toBe(112_000_000 - 5 * INSTALMENT);
    // On the fifth due date only five months have begun.
    expect((await info(id, '2024-06-15')).quote.bulan_berjalan).toBe(5);
    // A day after today or before the akad: no quote, and why.
    expect((await info(id, '2024-06-21')).alasan).toBe(m.tanggalMasaDepan);
  });

  it('takes today at Jakarta midnight: the quote’s default day and the refusal of a later one follow WIB, not UTC', async () => {
    const id = await murabahah(5);
    try {
      clock.set(new Date('2024-06-19T16:59:59Z')); // 23:59:59 WIB, 19 June
      expect((await info(id)).quote).toMatchObject({ tanggal: '2024-06-19', bulan_berjalan: 6 });
      const tooEarly = await settle(id, { tanggal: '2024-06-20' });
      expect(tooEarly.statusCode).toBe(400);
      expect(tooEarly.json().message).toBe(m.tanggalMasaDepan);
      clock.set(new Date('2024-06-19T17:00:00Z')); // 00:00 WIB, 20 June
      expect((await info(id)).quote).toMatchObject({ tanggal: '2024-06-20', bulan_berjalan: 6 });
      // On the fifth due date itself (15 June, a month end of the akad's day), five months have begun.
      clock.set(new Date('2024-06-14T17:00:00Z'));
      expect((await info(id)).quote.bulan_berjalan).toBe(5);
    } finally {
      clock.set(new Date('2024-06-20T03:00:00Z'));
    }
  });

  it('refuses a khasm above the margin still owed, without it a reason, a future day, and loans that cannot be settled early', async () => {
    const id = await murabahah(5);
    const { quote } = await info(id);
    const over = await settle(id, { khasm: { jenis: 'nominal', nilai: quote.margin_sisa + 1 }, alasan_khasm: 'tepat_waktu' });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ path: 'khasm.nilai' });
    expect(over.json().message).toMatch(/^Potongan tidak boleh melebihi sisa margin \(Rp /);
    const noReason = await settle(id, { khasm: { jenis: 'persen', nilai: 5 } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toEqual({ path: 'alasan_khasm', msg: 'Pilih alasan potongan' });
    const future = await settle(id, { tanggal: '2024-06-21' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(m.tanggalMasaDepan);
    expect((await paymentsOf(id)).map((p) => p.jenis)).toEqual(Array(5).fill('angsuran'));
    expect(await statusOf(id)).toBe('aktif');

    const mudharabah = await murabahah(0, { tipe: 'non-pokok', durasi_angsuran: null, persentase: 2 });
    const refused = await settle(mudharabah, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.bukanMurabahah);
    expect((await info(mudharabah)).alasan).toBe(m.bukanMurabahah);
  });

  it('refuses a khasm that comes to Rp 0 with the reason (issue 47: it was stored silently as 0)', async () => {
    // Six instalments paid by 15 June: on 20 June (month 6 begun) no margin of the months begun is owed.
    const id = await murabahah(6, {}, () => '2024-06-15');
    expect((await info(id)).quote.margin_sisa).toBe(0);
    const refused = await settle(id, { khasm: { jenis: 'persen', nilai: 5 }, alasan_khasm: 'tepat_waktu' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({ path: 'khasm.nilai', msg: m.khasmTanpaMargin });
    expect((await paymentsOf(id)).map((p) => p.jenis)).toEqual(Array(6).fill('angsuran'));
    expect(await statusOf(id)).toBe('aktif');
    // Out of the later tests' reports.
    expect((await t.request({ method: 'DELETE', url: `/api/pinjaman/${id}` })).statusCode).toBe(200);
  });

  it('settles with a khasm within the limit: a pelunasan payment of what is paid, the loan lunas, the waiver out of income', async () => {
    const id = await murabahah(5);
    const { quote } = await info(id);
    const res = await settle(id, {
      khasm: { jenis: 'persen', nilai: 10 },
      alasan_khasm: 'tepat_waktu',
      keterangan: 'Usaha dijual',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.status).toBe('lunas');
    const khasm = Math.round(quote.margin_sisa / 10);
    const payments = await paymentsOf(id);
    expect(payments.at(-1)).toMatchObject({ jenis: 'pelunasan', jumlah: quote.total_pelunasan - khasm });
    expect(await statusOf(id)).toBe('lunas');
    const after = await info(id);
    expect(after.alasan).toBe(m.sudahLunas);
    expect(after.tercatat).toMatchObject({
      dibayar: quote.total_pelunasan - khasm,
      margin_tidak_ditagih: quote.margin_tidak_ditagih,
      khasm,
      alasan_khasm: 'tepat_waktu',
      dicatat_oleh: 'Administrator',
      disetujui_oleh: null,
    });
    // The income report: June's margin not collected is the months not begun plus the khasm.
    const laporan = await t.request({ method: 'GET', url: '/api/laporan/pendapatan?sampai=2024-06' });
    const june = laporan.json().data.bulan.find((b: { bulan: string }) => b.bulan === '2024-06');
    expect(june.margin_dibebaskan).toBe(quote.margin_tidak_ditagih + khasm);

    // Its receipt says both: what was paid and what was not collected.
    const pdf = await t.request({ method: 'POST', url: `/api/pembayaran/${payments.at(-1)!.id}/kwitansi.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Rincian Pelunasan Dipercepat');
    expect(text).toContain(`Potongan (khasm) ${formatRupiah(khasm)}`);
    expect(text).toContain(`Jumlah pelunasan ${formatRupiah(quote.total_pelunasan)}`);
    expect(text).toContain(formatRupiah(quote.margin_tidak_ditagih));

    const again = await settle(id, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.sudahLunas);
    const edit = await t.request({
      method: 'PUT',
      url: `/api/pembayaran/${payments.at(-1)!.id}`,
      payload: { pinjaman_id: id, tanggal: '2024-06-20', jumlah: 1, jenis: 'pelunasan', keterangan: null, angsuran_ke: null },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(SETTLEMENT_FIXED);
    const logged = await activityDescriptions(t.app.db, 'pelunasan.create');
    expect(logged.at(-1)).toContain('tidak ditagih; potongan');
  });

  it('a khasm above the limit waits for another person’s approval, then settles', async () => {
    const id = await murabahah(5);
    const { quote } = await info(id);
    const res = await settle(id, { khasm: { jenis: 'persen', nilai: 50 }, alasan_khasm: 'penurunan_kemampuan' }, operator.token);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ status: 'menunggu', pembayaran_id: null, persetujuan: { jenis: 'pelunasan' } });
    expect(await statusOf(id)).toBe('aktif');
    expect((await paymentsOf(id)).length).toBe(5);
    const again = await settle(id, {}, operator.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.sudahDiajukan);

    const requestId = (await info(id)).menunggu.id;
    const self = await decideRequest(t, requestId, 'setujui', { token: operator.token });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(persetujuanMessages.bukanPenyetuju);
    const ok = await decideRequest(t, requestId, 'setujui', { token: manajer.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(id)).toBe('lunas');
    const khasm = Math.round(quote.margin_sisa / 2);
    expect((await paymentsOf(id)).at(-1)).toMatchObject({
      jenis: 'pelunasan',
      jumlah: quote.total_pelunasan - khasm,
      created_by: operator.id,
    });
    expect((await info(id)).tercatat).toMatchObject({ khasm, dicatat_oleh: 'Siti Kasir', disetujui_oleh: 'Pak Manajer' });
  });

  it('refuses to approve a settlement whose loan received a payment meanwhile; nothing is written', async () => {
    const id = await murabahah(4);
    const res = await settle(id, { khasm: { jenis: 'persen', nilai: 80 }, alasan_khasm: 'penurunan_kemampuan' }, operator.token);
    expect(res.statusCode).toBe(202);
    const requestId = res.json().data.persetujuan.id;
    await postPayment(t, id, { tanggal: '2024-06-15', jumlah: INSTALMENT, angsuran_ke: 5 });
    const stale = await decideRequest(t, requestId, 'setujui', { token: manajer.token });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(m.berubah);
    expect(await statusOf(id)).toBe('aktif');
    expect((await info(id)).menunggu.status).toBe('menunggu');
    // Rejected, the loan stays as it is and can be settled without that khasm.
    const reject = await decideRequest(t, requestId, 'tolak', { token: manajer.token, catatan: 'Potongan terlalu besar' });
    expect(reject.statusCode).toBe(200);
    expect((await settle(id, {})).statusCode).toBe(201);
  });
});
