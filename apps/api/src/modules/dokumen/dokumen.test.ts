import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formatRupiah, terbilangRupiah, type Dokumen, type PembayaranDetail } from '@mizan/core';
import { createTestApp, type TestApp, clearBook } from '../../test/test-app';
import { expectFieldError } from '../../test/refusals';
import { addNasabah, paymentPayload, postLoan, postPayment } from '../../test/populate';
import { expectPdfText, pdfPageSizes, pdfText } from '../../test/pdf-text';
import { manualClock } from '../../lib/clock';
import { woffToSfnt } from './fonts';

const clock = manualClock(new Date('2026-03-10T03:00:00Z'));
let t: TestApp;
let operator: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operator = await t.createUser({ username: 'kasir', password: 'rahasia-kasir-1', role: 'operator', nama_lengkap: 'Siti Kasir' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await clearBook(t.app.db, { activities: false, alsoEmpty: ['pelunasan_dipercepat', 'kwitansi_pembayaran_counters'] });
});

async function customerWithLoan(nama = 'Budi Santoso', nik = '3201010101010001') {
  const nasabah = await addNasabah(t, nama, { nik, alamat: 'Jl. Melati No. 7, Cibinong' });
  const loan = await postLoan(t, nasabah.id, {
    nomor_pinjaman: `PJ-${nik.slice(-4)}`,
    tanggal_pinjam: '2025-12-01',
    jaminan: 'BPKB motor',
  });
  return { nasabahId: nasabah.id, loanId: loan.id };
}

/** A principal payment of Rp 1.240.000 on 2026-01-05, by the cashier unless `token` says otherwise. */
const pay = (loanId: number, fields: Record<string, unknown> = {}, token = operator.token) =>
  postPayment<PembayaranDetail>(t, loanId, { tanggal: '2026-01-05', jenis: 'pokok', angsuran_ke: null, ...fields }, token);

const receipt = (id: number, ukuran = 'a5') =>
  t.request({ method: 'POST', url: `/api/pembayaran/${id}/kwitansi.pdf?ukuran=${ukuran}` });

describe('receipt numbers', () => {
  it('numbers payments per calendar year of their date, from 1, shown on the detail', async () => {
    const { loanId } = await customerWithLoan();
    const a = await pay(loanId, { tanggal: '2025-12-20', jumlah: 500_000 });
    const b = await pay(loanId, { tanggal: '2026-01-05' });
    const c = await pay(loanId, { tanggal: '2026-02-05' });
    expect([a.nomor_kwitansi, b.nomor_kwitansi, c.nomor_kwitansi]).toEqual([
      'KW/2025/000001',
      'KW/2026/000001',
      'KW/2026/000002',
    ]);
    const detail = await t.request({ method: 'GET', url: `/api/pembayaran/${c.id}` });
    expect(detail.json().data.nomor_kwitansi).toBe('KW/2026/000002');
  });

  it('gives no number to a payment that was refused, and keeps a deleted payment’s number', async () => {
    const { loanId } = await customerWithLoan();
    const a = await pay(loanId, { jenis: 'angsuran', angsuran_ke: 1 });
    // The same instalment twice is refused (409): its transaction rolls back, number and all.
    const refused = await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: paymentPayload(loanId, { tanggal: '2026-01-06' }),
    });
    expect(refused.statusCode).toBe(409);
    expect((await t.request({ method: 'DELETE', url: `/api/pembayaran/${a.id}` })).statusCode).toBe(200);
    const b = await pay(loanId, { jenis: 'angsuran', angsuran_ke: 2 });
    expect(a.nomor_kwitansi).toBe('KW/2026/000001');
    expect(b.nomor_kwitansi).toBe('KW/2026/000002');
  });

  it('numbers payments that have none in date order, after the numbers a year already has (the migration, the scale loader, an old restore)', async () => {
    const { loanId } = await customerWithLoan();
    const first = await pay(loanId, { tanggal: '2026-01-20' });
    // Payments written while the trigger was off, as the scale loader and a restore write them.
    await sql`alter table pembayaran disable trigger pembayaran_a_kwitansi`.execute(t.app.db);
    const ids: number[] = [];
    for (const tanggal of ['2026-02-03', '2025-11-30', '2026-01-25', '2026-01-25']) {
      const row = await t.app.db
        .insertInto('pembayaran')
        .values({ pinjaman_id: loanId, tanggal, jumlah: 100_000, jenis: 'bagi_hasil' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await sql`alter table pembayaran enable trigger pembayaran_a_kwitansi`.execute(t.app.db);
    await sql`select kwitansi_pembayaran_number_missing()`.execute(t.app.db);
    const numbers = await t.app.db.selectFrom('kwitansi_pembayaran').select(['pembayaran_id', 'tahun', 'urut']).execute();
    const of = (id: number) => numbers.find((n) => n.pembayaran_id === id);
    expect(of(first.id)).toMatchObject({ tahun: 2026, urut: 1 });
    expect(of(ids[1]!)).toMatchObject({ tahun: 2025, urut: 1 });
    expect(of(ids[2]!)).toMatchObject({ tahun: 2026, urut: 2 });
    expect(of(ids[3]!)).toMatchObject({ tahun: 2026, urut: 3 });
    expect(of(ids[0]!)).toMatchObject({ tahun: 2026, urut: 4 });
    // The counter went on from there.
    expect((await pay(loanId, { tanggal: '2026-03-01' })).nomor_kwitansi).toBe('KW/2026/000005');
  });

  it('stays gapless and unique when 20 payments on 20 loans are recorded at once', async () => {
    const loans = await Promise.all(
      Array.from({ length: 20 }, (_, i) => customerWithLoan(`Nasabah ${i}`, `32010101010110${String(i).padStart(2, '0')}`)),
    );
    const results = await Promise.all(loans.map(({ loanId }) => pay(loanId, { tanggal: '2026-03-09', jumlah: 100_000 })));
    const numbers = results.map((p) => p.nomor_kwitansi).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `KW/2026/${String(i + 1).padStart(6, '0')}`));
  });
});

describe('POST /api/pembayaran/:id/kwitansi.pdf', () => {
  it('prints the number, date, customer, loan, amount in figures and words, what is left and who recorded it', async () => {
    const { loanId } = await customerWithLoan();
    const payment = await pay(loanId, { jenis: 'angsuran', angsuran_ke: 1, tanggal: '2026-01-05' });
    const res = await receipt(payment.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Kwitansi-KW-2026-000001.pdf"');
    const text = expectPdfText(res.rawPayload, [
      t.config.institutionName,
      'KWITANSI PEMBAYARAN',
      'No. KW/2026/000001',
      '5 Januari 2026',
      'Budi Santoso',
      '3201010101010001',
      'Jl. Melati No. 7, Cibinong',
      'Angsuran ke-1 pinjaman PJ-0001',
      'Murabahah',
      formatRupiah(1_240_000),
      terbilangRupiah(1_240_000),
      // Rp 12.000.000 less this instalment's principal part, Rp 1.000.000 (its Rp 240.000 is margin: issue 47).
      'Sisa pokok setelah pembayaran ini ' + formatRupiah(11_000_000),
      'Siti Kasir',
      'Penyetor',
    ]);
    expect(text).not.toContain('SALINAN');
    expect(text).not.toContain('BATAL');
    expect(pdfPageSizes(res.rawPayload)).toEqual([[419.53, 595.28]]);
  });

  it('marks every print after the first SALINAN with its time, on either paper, and the browser’s print counts too', async () => {
    const { loanId } = await customerWithLoan();
    const payment = await pay(loanId);
    expect(pdfText((await receipt(payment.id)).rawPayload)).not.toContain('SALINAN');
    clock.set(new Date('2026-03-10T08:15:00Z'));
    const second = await receipt(payment.id, '80mm');
    expect(second.headers['content-disposition']).toContain('Kwitansi-KW-2026-000001-SALINAN.pdf');
    expectPdfText(second.rawPayload, ['SALINAN', 'Cetakan ke-2, 10 Maret 2026 pukul 15.15']);
    // A roll 80 mm wide, as long as the receipt.
    const [[width, height]] = pdfPageSizes(second.rawPayload) as [[number, number]];
    expect(width).toBeCloseTo(226.77, 1);
    expect(height).toBeGreaterThan(300);
    expect(height).toBeLessThan(1200);
    const viaBrowser = await t.request({ method: 'POST', url: `/api/pembayaran/${payment.id}/kwitansi/cetak` });
    expect(viaBrowser.statusCode).toBe(200);
    const dokumen = viaBrowser.json().data as Dokumen;
    expect(dokumen).toMatchObject({
      nomor: 'KW/2026/000001',
      tanda: 'SALINAN',
      keterangan_tanda: 'Cetakan ke-3, 10 Maret 2026 pukul 15.15',
    });
  });

  it('prints a deleted payment’s receipt as BATAL, with its number kept', async () => {
    const { loanId } = await customerWithLoan();
    const payment = await pay(loanId);
    await t.request({ method: 'DELETE', url: `/api/pembayaran/${payment.id}` });
    const res = await receipt(payment.id);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('BATAL');
    expect(text).toContain('KW/2026/000001');
    expect(res.headers['content-disposition']).toContain('-BATAL.pdf');
  });

  it('refuses a bad paper, an unknown payment and a request without a token', async () => {
    const { loanId } = await customerWithLoan();
    const payment = await pay(loanId);
    const bad = await receipt(payment.id, 'a3');
    expectFieldError(bad, 'ukuran', 'Ukuran kertas harus a5 atau 80mm');
    const missing = await receipt(payment.id + 1000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Pembayaran tidak ditemukan');
    expect((await t.request({ method: 'POST', url: '/api/pembayaran/abc/kwitansi.pdf' })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: `/api/pembayaran/${payment.id}/kwitansi.pdf`, token: null })).statusCode).toBe(
      401,
    );
    // None of the refused requests counted as a print.
    const row = await t.app.db
      .selectFrom('kwitansi_pembayaran')
      .select('dicetak')
      .where('pembayaran_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row.dicetak).toBe(0);
  });
});

describe('original and copies of a receipt (issue 51)', () => {
  beforeEach(() => clock.set(new Date('2026-03-10T03:00:00Z')));
  const preview = (id: number | string, token?: string | null) =>
    t.request({ method: 'GET', url: `/api/pembayaran/${id}/kwitansi/dokumen`, ...(token !== undefined ? { token } : {}) });
  const printViaBrowser = (id: number, token?: string) =>
    t.request({ method: 'POST', url: `/api/pembayaran/${id}/kwitansi/cetak`, ...(token ? { token } : {}) });
  const counted = async (id: number) =>
    (await t.app.db.selectFrom('kwitansi_pembayaran').select('dicetak').where('pembayaran_id', '=', id).executeTakeFirstOrThrow())
      .dicetak;
  const printsLogged = (id: number) =>
    t.app.db
      .selectFrom('activities')
      .select(['description', 'user_id'])
      .where('type', '=', 'kwitansi.cetak')
      .where('entity_type', '=', 'pembayaran')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  it('a preview counts nothing however often it is opened, and shows what the next print will be', async () => {
    const { loanId } = await customerWithLoan();
    const payment = await pay(loanId);
    for (let i = 0; i < 3; i += 1) {
      const res = await preview(payment.id, operator.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.dicetak).toBe(0);
      expect(res.json().data.dokumen).toMatchObject({ nomor: 'KW/2026/000001', tanda: null, keterangan_tanda: null });
    }
    expect(await counted(payment.id)).toBe(0);
    expect(await printsLogged(payment.id)).toEqual([]);

    // The first deliberate print is the original; the preview then announces the copy.
    const first = await printViaBrowser(payment.id, operator.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ tanda: null, nama_file: 'Kwitansi-KW-2026-000001.pdf' });
    const after = (await preview(payment.id)).json().data;
    expect(after.dicetak).toBe(1);
    expect(after.dokumen.tanda).toBe('SALINAN');
    expect(after.dokumen.keterangan_tanda).toMatch(/^Cetakan ke-2, /);
    expect(await counted(payment.id)).toBe(1);
  });

  it('the PDF downloaded right after the payment is the original; each later print or download is SALINAN – Cetakan ke-N, logged with who', async () => {
    const { loanId } = await customerWithLoan();
    const payment = await pay(loanId);
    await preview(payment.id);
    const original = await receipt(payment.id);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toBe('attachment; filename="Kwitansi-KW-2026-000001.pdf"');
    const text = pdfText(original.rawPayload);
    expect(text).not.toContain('SALINAN');
    expect(text).not.toContain('Cetakan ke-');

    const second = await printViaBrowser(payment.id, operator.token);
    expect(second.json().data).toMatchObject({ tanda: 'SALINAN', keterangan_tanda: 'Cetakan ke-2, 10 Maret 2026 pukul 10.00' });
    const third = await receipt(payment.id);
    expectPdfText(third.rawPayload, ['SALINAN', 'Cetakan ke-3']);
    expect(await counted(payment.id)).toBe(3);

    const logged = await printsLogged(payment.id);
    expect(logged.map((a) => a.description)).toEqual([
      'Kwitansi KW/2026/000001 Budi Santoso diunduh sebagai PDF (asli)',
      'Kwitansi KW/2026/000001 Budi Santoso dicetak (salinan, cetakan ke-2)',
      'Kwitansi KW/2026/000001 Budi Santoso diunduh sebagai PDF (salinan, cetakan ke-3)',
    ]);
    expect(logged.map((a) => a.user_id)).toEqual([expect.any(Number), operator.id, expect.any(Number)]);
    expect(logged[0]!.user_id).not.toBe(operator.id);
  });

  it('two prints at once: exactly one original', async () => {
    const { loanId } = await customerWithLoan();
    const payment = await pay(loanId);
    const both = await Promise.all([printViaBrowser(payment.id), printViaBrowser(payment.id, operator.token)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => (r.json().data as Dokumen).tanda).sort()).toEqual(['SALINAN', null]);
    expect(await counted(payment.id)).toBe(2);
  });

  it('refuses an unknown payment (404), a bad id (400) and no token (401) on the preview and the print; nothing is counted or logged', async () => {
    const { loanId } = await customerWithLoan();
    const payment = await pay(loanId);
    const missing = await preview(payment.id + 1000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Pembayaran tidak ditemukan');
    const missingPrint = await printViaBrowser(payment.id + 1000);
    expect(missingPrint.statusCode).toBe(404);
    expect(missingPrint.json().message).toBe('Pembayaran tidak ditemukan');
    expect((await preview('abc')).statusCode).toBe(400);
    expect((await preview(payment.id, null)).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: `/api/pembayaran/${payment.id}/kwitansi/cetak`, token: null })).statusCode,
    ).toBe(401);
    expect(await counted(payment.id)).toBe(0);
    expect(await printsLogged(payment.id)).toEqual([]);
  });
});

describe('loan and customer documents', () => {
  it('prints the repayment schedule from the ledger: each instalment paid or not, totals, the position today', async () => {
    // Rp 12.000.000 Murabahah at 2 % for 12 months from 2025-12-01: Rp 1.240.000 a month.
    const { loanId } = await customerWithLoan();
    await pay(loanId, { jenis: 'angsuran', angsuran_ke: 1, tanggal: '2026-01-01' });
    await pay(loanId, { jenis: 'angsuran', angsuran_ke: 2, tanggal: '2026-02-01', jumlah: 600_000 });
    clock.set(new Date('2026-03-10T03:00:00Z'));
    const res = await t.request({ method: 'GET', url: `/api/pinjaman/${loanId}/jadwal.pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Jadwal-Angsuran-PJ-0001.pdf"');
    expect(pdfPageSizes(res.rawPayload)[0]).toEqual([595.28, 841.89]);
    expectPdfText(res.rawPayload, [
      'JADWAL ANGSURAN',
      'Budi Santoso',
      'PJ-0001 · Murabahah',
      '12 bulan',
      '01/01/2026',
      '01/12/2026',
      'Lunas',
      'Terlambat',
      'Belum Bayar',
      // Σ instalments = Rp 14.880.000; Σ paid = Rp 1.840.000.
      formatRupiah(14_880_000),
      formatRupiah(1_840_000),
      'Posisi per 10 Maret 2026',
    ]);
    const json = await t.request({ method: 'GET', url: `/api/pinjaman/${loanId}/jadwal/dokumen` });
    const dokumen = json.json().data as Dokumen;
    const table = dokumen.bagian.find((b) => b.jenis === 'tabel')!;
    expect(table.sel).toHaveLength(12);
    expect(table.sel[0]).toEqual([
      '1',
      '01/01/2026',
      formatRupiah(1_000_000),
      formatRupiah(240_000),
      formatRupiah(1_240_000),
      formatRupiah(1_240_000),
      'Lunas',
    ]);
    expect(table.sel[1]!.at(-1)).toBe('Terlambat');
    expect(table.sel[11]!.at(-1)).toBe('Belum Bayar');
  });

  it('prints the akad summary of a Murabahah and of a Mudharabah', async () => {
    const { loanId, nasabahId } = await customerWithLoan();
    const akad = async (id: number) => (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/akad.pdf` })).rawPayload;
    expectPdfText(await akad(loanId), [
      'RINGKASAN AKAD PEMBIAYAAN',
      'Murabahah',
      `Harga beli (pokok) ${formatRupiah(12_000_000)}`,
      `Margin ${formatRupiah(2_880_000)} (2,00% per bulan)`,
      `Harga jual ${formatRupiah(14_880_000)}`,
      `Angsuran per bulan ${formatRupiah(1_240_000)}`,
      'Jangka waktu 12 bulan',
      'Jaminan BPKB motor',
      terbilangRupiah(14_880_000),
      'Nasabah',
    ]);
    const mudharabah = await postLoan(t, nasabahId, {
      nomor_pinjaman: 'MD-1',
      tipe: 'non-pokok',
      jumlah: 20_000_000,
      persentase: 1.5,
      durasi_angsuran: null,
      tanggal_pinjam: '2026-01-15',
    });
    const text = expectPdfText(await akad(mudharabah.id), [
      'Mudharabah',
      `Modal ${formatRupiah(20_000_000)}`,
      'Persentase bagi hasil 1,50% dari modal per bulan',
      `Perkiraan bagi hasil per bulan ${formatRupiah(300_000)}`,
    ]);
    expect(text).not.toContain('Harga jual');
  });

  it('prints a customer statement with every loan, every payment and its receipt number, and the totals', async () => {
    const { loanId, nasabahId } = await customerWithLoan();
    const second = await postLoan(t, nasabahId, { nomor_pinjaman: 'PJ-0002', jumlah: 5_000_000, tanggal_pinjam: '2026-01-10' });
    await pay(loanId, { jenis: 'angsuran', angsuran_ke: 1, tanggal: '2026-01-01' });
    await pay(second.id, { tanggal: '2026-02-10', jumlah: 500_000 });
    const deleted = await pay(second.id, { tanggal: '2026-02-11', jumlah: 999_000 });
    await t.request({ method: 'DELETE', url: `/api/pembayaran/${deleted.id}` });
    // The second loan settled today with a khasm of Rp 5.000 (issue 47: the statement names what the
    // settlement did not charge).
    const settled = await t.request({
      method: 'POST',
      url: `/api/pinjaman/${second.id}/pelunasan`,
      payload: { tanggal: '2026-03-10', khasm: { jenis: 'nominal', nilai: 5_000 }, alasan_khasm: 'tepat_waktu' },
    });
    expect(settled.statusCode, settled.body).toBe(201);
    const { tercatat } = (await t.request({ method: 'GET', url: `/api/pinjaman/${second.id}/pelunasan` })).json().data;
    expect(tercatat.khasm).toBeGreaterThan(0);
    const res = await t.request({ method: 'GET', url: `/api/nasabah/${nasabahId}/riwayat.pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Riwayat-Nasabah-Budi-Santoso.pdf"');
    const text = expectPdfText(res.rawPayload, [
      'RIWAYAT NASABAH',
      'Pinjaman (2)',
      'Pembayaran (3)',
      'KW/2026/000001',
      'KW/2026/000002',
      'Angsuran ke-1',
      `Total pinjaman ${formatRupiah(17_000_000)}`,
      `Total pembayaran ${formatRupiah(1_740_000 + tercatat.dibayar)}`,
      'Pelunasan Dipercepat (1)',
      // The months not begun and the khasm, both not charged.
      `Margin tidak ditagih ${formatRupiah(tercatat.margin_tidak_ditagih + tercatat.khasm)}`,
      formatRupiah(tercatat.khasm),
      // What the customer still owes, as the customer page says: the first loan's 14.880.000 less
      // its instalment of 1.240.000; the settled loan owes nothing.
      `Sisa pinjaman (masih harus dibayar) ${formatRupiah(13_640_000)}`,
      `Sisa pokok ${formatRupiah(11_000_000)}`,
    ]);
    // The deleted payment is not on the statement.
    expect(text).not.toContain(formatRupiah(999_000));
  });

  it('answers 404 for a loan or customer that does not exist, 401 without a token', async () => {
    for (const url of [
      '/api/pinjaman/987654/jadwal.pdf',
      '/api/pinjaman/987654/akad/dokumen',
      '/api/nasabah/987654/riwayat.pdf',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/^(Pinjaman|Nasabah) tidak ditemukan$/);
    }
    expect((await t.request({ method: 'GET', url: '/api/nasabah/1/riwayat.pdf', token: null })).statusCode).toBe(401);
  });
});

describe('document fonts', () => {
  it('refuses bytes that are not a WOFF font', () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, clearly'))).toThrow('not a WOFF font');
  });
});
