import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hapusBukuMessages as m,
  pembayaranTerhitungHapusBuku,
  pemulihanSebelumHapusBuku,
  persetujuanMessages,
} from '@mizan/core';
import { createKasir, createManajer, decideRequest, loanPayload, postLoan, postNasabah, postPayment } from '../../test/populate';
import { createTestApp, type TestApp } from '../../test/test-app';
import { manualClock } from '../../lib/clock';

// Write-off (hapus buku) and recovery (issue 47). Rp 12.000.000 at 2 % for 12 months from 15 January
// 2024 (12 × Rp 1.240.000, obligation Rp 14.880.000), two instalments paid (February, March). On
// 1 March 2025 the instalment of 15 April 2024 is 320 days late: kolektibilitas 5 (Macet).
// Still owed: 10.000.000 principal + 2.400.000 margin = 12.400.000.

const clock = manualClock(new Date('2025-03-01T03:00:00Z'));
let t: TestApp;
let kasir: { id: number; token: string };
let manajer: { id: number; token: string };
let nasabahId: number;
let counter = 0;

async function macetLoan() {
  counter += 1;
  const { id } = await postLoan(t, nasabahId, { nomor_pinjaman: `HB-${counter}`, tanggal_pinjam: '2024-01-15' });
  const payments = [];
  for (let k = 1; k <= 2; k += 1) payments.push(await postPayment(t, id, { tanggal: `2024-0${k + 1}-15`, angsuran_ke: k }));
  return { id, payments };
}
const info = async (id: number) => (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/hapus-buku` })).json().data;
const propose = (id: number, payload: Record<string, unknown>, token?: string) =>
  t.request({ method: 'POST', url: `/api/pinjaman/${id}/hapus-buku`, payload, ...(token ? { token } : {}) });
const decide = (requestId: number, token: string) => decideRequest(t, requestId, 'setujui', { token });
const getLoan = async (id: number) => (await t.request({ method: 'GET', url: `/api/pinjaman/${id}` })).json().data;
const mutasi = async (id: number) => (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/mutasi` })).json().data;
const stats = async () => (await t.request({ method: 'GET', url: '/api/pinjaman/stats' })).json().data;
const portfolio = async () => (await t.request({ method: 'GET', url: '/api/dashboard/portfolio' })).json().data.sekarang;

async function writeOff(id: number) {
  const res = await propose(id, { alasan: 'Usaha tutup, nasabah pindah kota' });
  expect(res.statusCode, res.body).toBe(202);
  const approved = await decide(res.json().data.id, manajer.token);
  expect(approved.statusCode, approved.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  kasir = await createKasir(t);
  manajer = await createManajer(t);
  nasabahId = await postNasabah(t);
});
afterAll(() => t.close());

describe('hapus buku', () => {
  it('offers what would leave the books for a loan of kolektibilitas 5, and refuses the others with their reason', async () => {
    const { id } = await macetLoan();
    expect(await info(id)).toMatchObject({
      rencana: { pokok: 10_000_000, margin: 2_400_000, bagi_hasil_tertunggak: 0, sisa_kewajiban: 12_400_000 },
      alasan: null,
      menunggu: null,
      hapus_buku: null,
    });
    // A loan paid to date is of class 1: not a write-off.
    const { id: lancar } = await postLoan(t, nasabahId, { nomor_pinjaman: 'HB-lancar', tanggal_pinjam: '2025-02-01' });
    expect(await info(lancar)).toMatchObject({ rencana: null, alasan: m.bukanMacet });
    const refused = await propose(lancar, { alasan: 'Coba' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.bukanMacet);
  });

  it('refuses a cashier, a missing reason, an unknown loan; nothing changes', async () => {
    const { id } = await macetLoan();
    const before = await getLoan(id);
    const byKasir = await propose(id, { alasan: 'Usaha tutup' }, kasir.token);
    expect(byKasir.statusCode).toBe(403);
    expect(byKasir.json().message).toBe(m.bukanPengusul);
    const noReason = await propose(id, { alasan: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ path: 'alasan', msg: m.alasanWajib });
    const tooLong = await propose(id, { alasan: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].msg).toBe(m.alasanMax);
    expect((await propose(999_999, { alasan: 'Usaha tutup' })).statusCode).toBe(404);
    expect(await getLoan(id)).toEqual(before);
    expect((await info(id)).menunggu).toBeNull();
  });

  it('waits for another person’s approval, then takes 10.000.000 + 2.400.000 off the books while the customer still owes 12.400.000', async () => {
    const { id } = await macetLoan();
    const [statsBefore, portfolioBefore] = [await stats(), await portfolio()];
    const res = await propose(id, { alasan: 'Usaha tutup, nasabah pindah kota' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ jenis: 'hapus_buku', status: 'menunggu' });
    // Nothing changes until it is approved; a second request and one's own approval are refused.
    expect((await getLoan(id)).status).toBe('aktif');
    const again = await propose(id, { alasan: 'Lagi' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.sudahDiajukan);
    const own = await decideRequest(t, res.json().data.id, 'setujui');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(persetujuanMessages.milikSendiri);

    const approved = await decide(res.json().data.id, manajer.token);
    expect(approved.statusCode, approved.body).toBe(200);
    const loan = await getLoan(id);
    expect(loan).toMatchObject({
      status: 'hapus_buku',
      hapus_buku_tanggal: '2025-03-01',
      sisa_pokok: 10_000_000,
      sisa_margin: 2_400_000,
      sisa_kewajiban: 12_400_000,
      kolektibilitas: 5,
    });
    const events = await mutasi(id);
    expect(events.mutasi.at(-1)).toMatchObject({
      jenis: 'hapus_buku',
      tanggal: '2025-03-01',
      kas: 0,
      hapus_buku_pokok: 10_000_000,
      hapus_buku_margin: 2_400_000,
      alasan: 'Usaha tutup, nasabah pindah kota',
      dicatat_oleh: 'Pak Manajer',
    });
    expect(events).toMatchObject({ sisa_pokok: 10_000_000, sisa_margin: 2_400_000, sisa_pokok_buku: 0, sisa_margin_buku: 0 });
    expect((await info(id)).hapus_buku).toMatchObject({
      tanggal: '2025-03-01',
      pokok: 10_000_000,
      margin: 2_400_000,
      disetujui_oleh: 'Pak Manajer',
      pemulihan: 0,
    });
    // Out of the running loans, the portfolio, its class 5 and NPF.
    const [statsAfter, portfolioAfter] = [await stats(), await portfolio()];
    expect(statsAfter.pinjaman_aktif).toBe(statsBefore.pinjaman_aktif - 1);
    expect(statsAfter.total_nilai_pinjaman).toBe(statsBefore.total_nilai_pinjaman - 12_000_000);
    expect(portfolioAfter.outstanding).toBe(portfolioBefore.outstanding - 10_000_000);
    expect(portfolioAfter.outstanding_bermasalah).toBe(portfolioBefore.outstanding_bermasalah - 10_000_000);
    const kelas5 = (p: { per_kelas: { kelas: number; jumlah_pinjaman: number }[] }) =>
      p.per_kelas.find((k) => k.kelas === 5)?.jumlah_pinjaman ?? 0;
    expect(kelas5(portfolioAfter)).toBe(kelas5(portfolioBefore) - 1);
    // The list finds it by its status.
    const list = (await t.request({ method: 'GET', url: '/api/pinjaman?status=hapus_buku&limit=100' })).json();
    expect(list.data.map((l: { id: number }) => l.id)).toContain(id);
  });

  it('takes a later payment as a recovery: income of its own, the claim lowered, nothing back on the books', async () => {
    const { id, payments } = await macetLoan();
    await writeOff(id);
    // Dated before the write-off: refused with the date; the counted payments stay as they are.
    const early = await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: { pinjaman_id: id, tanggal: '2025-02-28', jumlah: 1_240_000, jenis: 'angsuran', angsuran_ke: 3 },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0]).toMatchObject({ path: 'tanggal', msg: pemulihanSebelumHapusBuku('1 Maret 2025') });
    const cancelCounted = await t.request({ method: 'DELETE', url: `/api/pembayaran/${payments[0]!.id}` });
    expect(cancelCounted.statusCode).toBe(409);
    expect(cancelCounted.json().message).toBe(pembayaranTerhitungHapusBuku('1 Maret 2025'));

    const recovery = await postPayment(t, id, { tanggal: '2025-03-01', jumlah: 1_240_000, angsuran_ke: 3 });
    expect(await getLoan(id)).toMatchObject({ status: 'hapus_buku', sisa_kewajiban: 11_160_000, sisa_pokok: 9_000_000 });
    const events = await mutasi(id);
    expect(events.mutasi.at(-1)).toMatchObject({
      jenis: 'pemulihan',
      kas: 1_240_000,
      pemulihan: 1_240_000,
      hapus_buku_pokok: -1_000_000,
      hapus_buku_margin: -240_000,
    });
    expect(events).toMatchObject({ sisa_pokok_buku: 0, sisa_margin_buku: 0 });
    expect((await info(id)).hapus_buku.pemulihan).toBe(1_240_000);
    // Laporan Pendapatan: the month's recovery, no margin recognised from it.
    const pendapatan = (await t.request({ method: 'GET', url: '/api/laporan/pendapatan?sampai=2025-03' })).json().data;
    const maret = pendapatan.bulan.at(-1);
    expect(maret).toMatchObject({ bulan: '2025-03', pemulihan: 1_240_000, margin_diterima: 0, margin_diakui: 0 });
    expect(maret.pendapatan_diakui).toBe(maret.margin_diakui + maret.bagi_hasil + 1_240_000);

    // A recovery cancelled: taken back, the loan stays written off.
    const cancel = await t.request({ method: 'DELETE', url: `/api/pembayaran/${recovery.id}` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await getLoan(id)).toMatchObject({ status: 'hapus_buku', sisa_kewajiban: 12_400_000 });
    expect((await info(id)).hapus_buku.pemulihan).toBe(0);
  });

  it('a loan written off is not settled early, edited in its terms, or deleted; a request outdated by a payment is refused', async () => {
    const { id } = await macetLoan();
    await writeOff(id);
    const quote = (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/pelunasan` })).json().data;
    expect(quote.alasan).toBe(m.pelunasan);
    const pelunasan = await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: { pinjaman_id: id, tanggal: '2025-03-01', jumlah: 12_400_000, jenis: 'pelunasan', angsuran_ke: null },
    });
    expect(pelunasan.statusCode).toBe(409);
    expect(pelunasan.json().message).toBe(m.pelunasan);
    const loan = await getLoan(id);
    const edit = (fields: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/api/pinjaman/${id}`,
        payload: loanPayload(nasabahId, {
          nomor_pinjaman: loan.nomor_pinjaman,
          urutan_pinjaman: loan.urutan_pinjaman,
          tanggal_pinjam: '2024-01-15',
          status: 'aktif',
          ...fields,
        }),
      });
    const terms = await edit({ jumlah: 10_000_000 });
    expect(terms.statusCode).toBe(409);
    expect(terms.json().message).toBe(m.ubahPinjaman);
    // Its description may be corrected; its status stays (only recoveries move it).
    const note = await edit({ keterangan: 'Agunan ditarik' });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data).toMatchObject({ status: 'hapus_buku', keterangan: 'Agunan ditarik', sisa_kewajiban: 12_400_000 });
    const del = await t.request({ method: 'DELETE', url: `/api/pinjaman/${id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(m.hapusPinjaman);
    expect((await getLoan(id)).status).toBe('hapus_buku');
    expect((await propose(id, { alasan: 'Lagi' })).json().message).toBe(m.sudah);

    const { id: other } = await macetLoan();
    const res = await propose(other, { alasan: 'Usaha tutup' });
    await postPayment(t, other, { tanggal: '2025-03-01', jumlah: 500_000, angsuran_ke: 3 });
    const outdated = await decide(res.json().data.id, manajer.token);
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().message).toBe(m.berubah);
    expect((await getLoan(other)).status).toBe('aktif');
  });
});
