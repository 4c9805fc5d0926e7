import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tazirMessages as m } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { manualClock } from '../../lib/clock';
import { createKasir, multipart, pngBytes, postLoan, postNasabah, postPayment } from '../../test/populate';
import { pdfText } from '../../test/pdf-text';

// Ta'zir, the Dana Kebajikan and ta'widh (issue 27 C). Loans of Rp 12.000.000 at 2 % for 12
// months from 31 January 2024: instalments of Rp 1.240.000 due on the last day of each month.

const clock = manualClock(new Date('2024-06-20T03:00:00Z'));
let t: TestApp;
let operator: { id: number; token: string };
let nasabahId: number;
let counter = 0;

async function loan() {
  counter += 1;
  return postLoan<{ id: number; tazir: { jumlah: number; tenggang_hari: number } | null }>(t, nasabahId, {
    nomor_pinjaman: `T-${counter}`,
  });
}

async function pay(pinjaman_id: number, angsuran_ke: number, tanggal: string) {
  return (await postPayment(t, pinjaman_id, { tanggal, angsuran_ke })).id;
}

const tazirOf = async (pinjamanId: number) =>
  (await t.request({ method: 'GET', url: `/api/tazir?pinjaman_id=${pinjamanId}` })).json().data as {
    id: number;
    angsuran_ke: number;
    hari_terlambat: number;
    jumlah: number;
    status: string;
  }[];
const fund = async () => (await t.request({ method: 'GET', url: '/api/dana-kebajikan' })).json().data;
const figures = async (id: number) => {
  const loanRow = (await t.request({ method: 'GET', url: `/api/pinjaman/${id}` })).json().data;
  const jadwal = (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/jadwal` })).json().data;
  const pendapatan = (await t.request({ method: 'GET', url: '/api/laporan/pendapatan?sampai=2024-06' })).json().data.total;
  return { sisa: loanRow.sisa_pokok, total: loanRow.total_pembayaran, ringkasan: jadwal.ringkasan, pendapatan };
};

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operator = await createKasir(t);
  nasabahId = await postNasabah(t);
});
afterAll(() => t.close());

describe('ta’zir in the akad', () => {
  let withTazir: number;
  let without: number;

  it('is off by default; only an administrator turns it on, for loans created from then on', async () => {
    without = (await loan()).id;
    expect((await t.request({ method: 'GET', url: '/api/settings/tazir' })).json().data.setting).toEqual({
      aktif: false,
      jumlah: 50_000,
      tenggang_hari: 7,
    });
    const payload = { aktif: true, jumlah: 50_000, tenggang_hari: 7 };
    expect((await t.request({ method: 'PUT', url: '/api/settings/tazir', token: operator.token, payload })).statusCode).toBe(403);
    const bad = await t.request({ method: 'PUT', url: '/api/settings/tazir', payload: { ...payload, tenggang_hari: 91 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].msg).toBe('Masa tenggang harus bilangan bulat 0 sampai 90');
    expect((await t.request({ method: 'PUT', url: '/api/settings/tazir', payload })).statusCode).toBe(200);
    const created = await loan();
    withTazir = created.id;
    expect(created.tazir).toEqual({ jumlah: 50_000, tenggang_hari: 7 });
    // A later change of the setting never reaches a loan already agreed.
    await t.request({ method: 'PUT', url: '/api/settings/tazir', payload: { aktif: true, jumlah: 75_000, tenggang_hari: 3 } });
    expect((await t.request({ method: 'GET', url: `/api/pinjaman/${withTazir}` })).json().data.tazir).toEqual({
      jumlah: 50_000,
      tenggang_hari: 7,
    });
    expect((await t.request({ method: 'GET', url: `/api/pinjaman/${without}` })).json().data.tazir).toBeNull();
    // The akad summary states it.
    const akad = await t.request({ method: 'GET', url: `/api/pinjaman/${withTazir}/akad.pdf` });
    expect(akad.statusCode).toBe(200);
    expect(pdfText(akad.rawPayload).replace(/\s+/g, ' ')).toContain(
      'Rp 50.000 per angsuran yang dibayar lebih dari 7 hari setelah jatuh tempo',
    );
  });

  it('proposes a ta’zir when an instalment is paid later than the grace, and only on a loan that agreed it', async () => {
    for (const id of [withTazir, without]) {
      await pay(id, 1, '2024-03-07'); // due 29 February: 7 days, within the grace
      await pay(id, 2, '2024-04-15'); // due 31 March: 15 days
    }
    expect(await tazirOf(without)).toEqual([]);
    expect(await tazirOf(withTazir)).toMatchObject([{ angsuran_ke: 2, hari_terlambat: 15, jumlah: 50_000, status: 'diusulkan' }]);
  });

  it('confirmed and collected, it goes to the Dana Kebajikan and changes nothing of the financing', async () => {
    const before = await figures(withTazir);
    const [proposal] = await tazirOf(withTazir);
    const noBasis = await t.request({ method: 'POST', url: `/api/tazir/${proposal!.id}/tetapkan`, payload: { catatan: ' ' } });
    expect(noBasis.statusCode).toBe(400);
    expect(noBasis.json().errors[0].msg).toBe(m.catatanWajib);
    const res = await t.request({
      method: 'POST',
      url: `/api/tazir/${proposal!.id}/tetapkan`,
      token: operator.token,
      payload: { catatan: 'Usaha berjalan normal, nasabah menunda', diterima: true, tanggal_terima: '2024-06-20' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'diterima', diputuskan_oleh: 'Siti Kasir', tanggal_terima: '2024-06-20' });
    expect(
      (await t.request({ method: 'POST', url: `/api/tazir/${proposal!.id}/bebaskan`, payload: { catatan: 'x' } })).statusCode,
    ).toBe(409);
    const f = await fund();
    expect(f).toMatchObject({ saldo: 50_000, total_masuk: 50_000, total_keluar: 0 });
    expect(f.entri[0]).toMatchObject({ arah: 'masuk', jumlah: 50_000, sumber: 'Ta’zir angsuran ke-2 Budi Santoso (T-2)' });
    expect(await figures(withTazir)).toEqual(before);
  });

  it('a proposal can be waived with a reason; one whose late payment is deleted is withdrawn', async () => {
    const late = await pay(withTazir, 3, '2024-05-20'); // due 30 April: 20 days
    const proposal = (await tazirOf(withTazir)).find((z) => z.angsuran_ke === 3)!;
    expect(proposal.status).toBe('diusulkan');
    expect((await t.request({ method: 'DELETE', url: `/api/pembayaran/${late}` })).statusCode).toBe(200);
    expect((await tazirOf(withTazir)).map((z) => z.angsuran_ke)).toEqual([2]);

    await pay(withTazir, 3, '2024-05-25');
    const again = (await tazirOf(withTazir)).find((z) => z.angsuran_ke === 3)!;
    const noReason = await t.request({ method: 'POST', url: `/api/tazir/${again.id}/bebaskan`, payload: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].msg).toBe(m.alasanWajib);
    const waived = await t.request({
      method: 'POST',
      url: `/api/tazir/${again.id}/bebaskan`,
      payload: { catatan: 'Banjir di pasar (force majeure)' },
    });
    expect(waived.statusCode).toBe(200);
    expect(waived.json().data.status).toBe('dibebaskan');
    expect((await fund()).saldo).toBe(50_000);
    const logged = await t.app.db.selectFrom('activities').select('type').where('type', 'like', 'tazir.%').execute();
    expect(logged.map((a) => a.type)).toEqual(['tazir.tetapkan', 'tazir.bebaskan']);
  });

  it('disbursements are an administrator’s, never above the balance', async () => {
    const payload = { tanggal: '2024-06-20', jumlah: 30_000, tujuan: 'Santunan anak yatim', penerima: 'Panti Asuhan Al-Ikhlas' };
    const refused = await t.request({ method: 'POST', url: '/api/dana-kebajikan', token: operator.token, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.hanyaAdmin);
    const over = await t.request({ method: 'POST', url: '/api/dana-kebajikan', payload: { ...payload, jumlah: 60_000 } });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(m.saldoKurang('Rp 50.000'));
    const noTarget = await t.request({ method: 'POST', url: '/api/dana-kebajikan', payload: { ...payload, tujuan: '' } });
    expect(noTarget.statusCode).toBe(400);
    const ok = await t.request({ method: 'POST', url: '/api/dana-kebajikan', payload });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ saldo: 20_000, total_keluar: 30_000 });
    expect(ok.json().data.entri[0]).toMatchObject({
      arah: 'keluar',
      tujuan: 'Santunan anak yatim',
      penerima: 'Panti Asuhan Al-Ikhlas',
    });
    // Its journal (issue 48): the fund lowered against the cash paid out, in the same transaction.
    const lines = await t.app.db
      .selectFrom('jurnal as j')
      .innerJoin('dana_kebajikan as d', 'd.id', 'j.dana_kebajikan_id')
      .innerJoin('jurnal_baris as b', 'b.jurnal_id', 'j.id')
      .innerJoin('akun as a', 'a.id', 'b.akun_id')
      .select(['a.kode', 'b.debit', 'b.kredit', 'j.tanggal', 'j.keterangan'])
      .where('d.arah', '=', 'keluar')
      .orderBy('a.kode')
      .execute();
    expect(lines).toEqual([
      {
        kode: '1101',
        debit: 0,
        kredit: 30_000,
        tanggal: '2024-06-20',
        keterangan: 'Penyaluran dana kebajikan: Santunan anak yatim',
      },
      {
        kode: '2201',
        debit: 30_000,
        kredit: 0,
        tanggal: '2024-06-20',
        keterangan: 'Penyaluran dana kebajikan: Santunan anak yatim',
      },
    ]);
  });
});

describe('ta’widh', () => {
  it('needs its evidence and a real amount, and stays apart from the financing', async () => {
    const { id } = await loan();
    const before = await figures(id);
    const noFile = multipart({ tanggal: '2024-06-20', jumlah: 350_000, uraian: 'Biaya penagihan ke lokasi usaha' });
    const refused = await t.request({ method: 'POST', url: `/api/pinjaman/${id}/tawidh`, ...noFile });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ path: 'bukti', msg: m.buktiWajib });
    const badAmount = multipart(
      { tanggal: '2024-06-20', jumlah: 'sepuluh', uraian: 'x' },
      { filename: 'nota.png', type: 'image/png', data: pngBytes() },
    );
    expect((await t.request({ method: 'POST', url: `/api/pinjaman/${id}/tawidh`, ...badAmount })).statusCode).toBe(400);
    expect(await t.app.db.selectFrom('tawidh').select('id').execute()).toEqual([]);

    const body = multipart(
      { tanggal: '2024-06-20', jumlah: 350_000, uraian: 'Biaya penagihan ke lokasi usaha' },
      { filename: 'nota.png', type: 'image/png', data: pngBytes(), field: 'bukti' },
    );
    const res = await t.request({ method: 'POST', url: `/api/pinjaman/${id}/tawidh`, ...body });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = res.json().data;
    expect(entry).toMatchObject({ jumlah: 350_000, uraian: 'Biaya penagihan ke lokasi usaha', dicatat_oleh: 'Administrator' });
    const file = await t.app.inject({ method: 'GET', url: entry.bukti_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(await figures(id)).toEqual(before);
  });
});
