import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { KolektibilitasLaporan, Pencairan, Penagihan, RekapHarian } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectFieldError } from '../../test/refusals';
import { createKasir, postLoan, postNasabah, postPayment } from '../../test/populate';
import { MONTHS_TO_JUNE_2024 } from '../../test/report-months';
import { manualClock } from '../../lib/clock';
import { runDailyLedger } from '../ledger/ledger.service';

// The reports of issue 26 A, against sums the test works out from what it recorded.

const clock = manualClock(new Date('2024-06-15T05:00:00Z')); // 12:00 WIB, Saturday 15 June 2024
let t: TestApp;
let operator: { id: number; token: string };
const loans: Record<string, number> = {};

/** What the test recorded: each payment's day, kind, amount and recorder. */
const recorded: { tanggal: string; jenis: string; jumlah: number; by: 'admin' | 'operator'; loan: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operator = await createKasir(t);
  const customer = (nama: string, nik: string) => postNasabah(t, { nama, nik });
  const budi = await customer('Budi Santoso', '3201000000000001');
  const ani = await customer('Ani Lestari', '3201000000000002');
  // Loans: two in June (one of each type, one of them today), one in January, one a year before
  // the window, one deleted in March.
  loans.A = (await postLoan(t, budi, { nomor_pinjaman: 'A', tanggal_pinjam: '2024-01-10', jumlah: 12_000_000 })).id;
  loans.B = (await postLoan(t, ani, { nomor_pinjaman: 'B', tanggal_pinjam: '2024-06-15', jumlah: 5_000_000 })).id;
  loans.C = (
    await postLoan(t, ani, {
      nomor_pinjaman: 'C',
      tanggal_pinjam: '2024-06-03',
      jumlah: 7_500_000,
      tipe: 'non-pokok',
      durasi_angsuran: null,
      persentase: 3,
    })
  ).id;
  loans.OLD = (await postLoan(t, budi, { nomor_pinjaman: 'OLD', tanggal_pinjam: '2023-06-30', jumlah: 9_000_000 })).id;
  const gone = await postLoan(t, budi, { nomor_pinjaman: 'GONE', tanggal_pinjam: '2024-03-05', jumlah: 1_000_000 });
  expect((await t.request({ method: 'DELETE', url: `/api/pinjaman/${gone.id}` })).statusCode).toBe(200);

  const instalments: Record<string, number> = {};
  const pay = async (loan: string, tanggal: string, jenis: string, jumlah: number, by: 'admin' | 'operator') => {
    const angsuran_ke = jenis === 'angsuran' ? (instalments[loan] = (instalments[loan] ?? 0) + 1) : null;
    const payment = await postPayment(
      t,
      loans[loan]!,
      { tanggal, jumlah, jenis, angsuran_ke },
      by === 'operator' ? operator.token : undefined,
    );
    recorded.push({ tanggal, jenis, jumlah, by, loan });
    return payment.id;
  };
  await pay('A', '2024-06-15', 'angsuran', 1_240_000, 'operator');
  await pay('A', '2024-06-15', 'angsuran', 1_240_000, 'admin');
  await pay('C', '2024-06-15', 'bagi_hasil', 225_000, 'operator');
  await pay('OLD', '2024-06-15', 'pokok', 500_000, 'operator');
  await pay('A', '2024-06-14', 'angsuran', 1_240_000, 'operator');
  const deleted = await pay('OLD', '2024-06-15', 'angsuran', 999_000, 'admin');
  expect((await t.request({ method: 'DELETE', url: `/api/pembayaran/${deleted}` })).statusCode).toBe(200);
  recorded.pop();
});
afterAll(async () => {
  await t.close();
});

const sum = (rows: { jumlah: number }[]) => rows.reduce((s, r) => s + r.jumlah, 0);

describe('GET /api/laporan/rekap-harian', () => {
  it('totals the day’s living payments per kind and per staff member, lists them and the day’s new loans', async () => {
    const res = await t.request({ method: 'GET', url: '/api/laporan/rekap-harian' });
    expect(res.statusCode, res.body).toBe(200);
    const rekap = res.json().data as RekapHarian;
    const today = recorded.filter((r) => r.tanggal === '2024-06-15');
    expect(rekap.tanggal).toBe('2024-06-15');
    expect(rekap.pembayaran).toEqual({ jumlah_transaksi: today.length, total: sum(today) });
    for (const jenis of ['angsuran', 'bagi_hasil', 'pokok', 'pelunasan']) {
      const ofKind = today.filter((r) => r.jenis === jenis);
      expect(rekap.per_jenis.find((r) => r.jenis === jenis)).toEqual({
        jenis,
        jumlah_transaksi: ofKind.length,
        total: sum(ofKind),
      });
    }
    const byOperator = today.filter((r) => r.by === 'operator');
    const byAdmin = today.filter((r) => r.by === 'admin');
    expect(rekap.per_petugas).toEqual([
      { user_id: operator.id, nama: 'Siti Kasir', jumlah_transaksi: byOperator.length, total: sum(byOperator) },
      expect.objectContaining({ jumlah_transaksi: byAdmin.length, total: sum(byAdmin) }),
    ]);
    expect(rekap.rincian_pembayaran.map((p) => [p.pinjaman.nomor_pinjaman, p.jenis, p.jumlah])).toEqual(
      today.map((r) => [r.loan, r.jenis, r.jumlah]),
    );
    expect(rekap.rincian_pembayaran.every((p) => /^KW\/2024\/\d{6}$/.test(p.nomor_kwitansi ?? ''))).toBe(true);
    expect(rekap.rincian_pembayaran[0]).toMatchObject({ nasabah: { nama: 'Budi Santoso' }, dicatat_oleh: 'Siti Kasir' });
    expect(rekap.pinjaman_baru).toEqual({ jumlah: 1, total: 5_000_000 });
    expect(rekap.rincian_pinjaman_baru).toEqual([
      expect.objectContaining({
        nomor_pinjaman: 'B',
        nasabah: { id: expect.any(Number), nama: 'Ani Lestari' },
        jumlah: 5_000_000,
      }),
    ]);
  });

  it('answers another day, and an empty day with zeros', async () => {
    const other = (await t.request({ method: 'GET', url: '/api/laporan/rekap-harian?tanggal=2024-06-14' })).json()
      .data as RekapHarian;
    expect(other.pembayaran).toEqual({ jumlah_transaksi: 1, total: 1_240_000 });
    const empty = (await t.request({ method: 'GET', url: '/api/laporan/rekap-harian?tanggal=2024-06-01' })).json()
      .data as RekapHarian;
    expect(empty.pembayaran).toEqual({ jumlah_transaksi: 0, total: 0 });
    expect(empty.per_jenis.every((r) => r.total === 0)).toBe(true);
    expect(empty.per_petugas).toEqual([]);
  });

  it('refuses a date that is not a date', async () => {
    const res = await t.request({ method: 'GET', url: '/api/laporan/rekap-harian?tanggal=2024-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: [{ path: 'tanggal' }] });
  });

  it('exports the day as XLSX sheets: payments, per kind, per staff member, new loans', async () => {
    const res = await t.request({ method: 'GET', url: '/api/laporan/rekap-harian/ekspor' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="rekap-harian-2024-06-15.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Rekap Harian', 'Per Jenis', 'Per Petugas', 'Pinjaman Baru']);
    const [payments, perJenis] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(payments.getRow(3).getCell(1).value).toBe('Filter: Tanggal: 15 Juni 2024');
    const amounts: number[] = [];
    for (let r = 7; r <= payments.rowCount; r++) amounts.push(payments.getRow(r).getCell(8).value as number);
    expect(amounts).toEqual(recorded.filter((r) => r.tanggal === '2024-06-15').map((r) => r.jumlah));
    const totalRow = perJenis.getRow(perJenis.rowCount);
    expect([totalRow.getCell(1).value, totalRow.getCell(3).value]).toEqual([
      'Total',
      sum(recorded.filter((r) => r.tanggal === '2024-06-15')),
    ]);
  });
});

describe('GET /api/laporan/pencairan', () => {
  it('counts and sums the living loans granted per month and type over twelve months', async () => {
    const res = await t.request({ method: 'GET', url: '/api/laporan/pencairan' });
    expect(res.statusCode, res.body).toBe(200);
    const laporan = res.json().data as Pencairan;
    expect(laporan.sampai).toBe('2024-06');
    expect(laporan.bulan.map((b) => b.bulan)).toEqual(MONTHS_TO_JUNE_2024);
    const june = laporan.bulan.at(-1)!;
    expect(june).toEqual({
      bulan: '2024-06',
      pokok: { jumlah: 1, total: 5_000_000 },
      non_pokok: { jumlah: 1, total: 7_500_000 },
      semua: { jumlah: 2, total: 12_500_000 },
    });
    expect(laporan.bulan.find((b) => b.bulan === '2024-03')!.semua).toEqual({ jumlah: 0, total: 0 }); // deleted
    expect(laporan.total.semua).toEqual({ jumlah: 3, total: 24_500_000 }); // OLD (2023-06) is outside
  });

  it('filters by type and ends at a chosen month', async () => {
    const laporan = (await t.request({ method: 'GET', url: '/api/laporan/pencairan?sampai=2023-12&tipe=pokok' })).json()
      .data as Pencairan;
    expect(laporan.bulan[0]!.bulan).toBe('2023-01');
    expect(laporan.total).toEqual({
      pokok: { jumlah: 1, total: 9_000_000 },
      non_pokok: { jumlah: 0, total: 0 },
      semua: { jumlah: 1, total: 9_000_000 },
    });
  });

  it('refuses a bad month or type', async () => {
    for (const [query, path] of [
      ['sampai=2024-13', 'sampai'],
      ['sampai=juni', 'sampai'],
      ['tipe=emas', 'tipe'],
    ]) {
      const res = await t.request({ method: 'GET', url: `/api/laporan/pencairan?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
  });

  it('exports the months and their total as CSV', async () => {
    const res = await t.request({ method: 'GET', url: '/api/laporan/pencairan/ekspor?format=csv' });
    expect(res.statusCode).toBe(200);
    const records = parse(res.body, { bom: true, relax_column_count: true }) as string[][];
    expect(records[2]).toEqual(['Filter: Periode: Juli 2023 – Juni 2024']);
    expect(records[6]).toEqual(['Juli 2023', '0', '0', '0', '0', '0', '0']);
    expect(records.at(-1)).toEqual(['Total', '2', '17000000', '1', '7500000', '3', '24500000']);
  });
});

describe('GET /api/laporan/kolektibilitas', () => {
  it('gives this month’s position from the loans’ ledgers today', async () => {
    await runDailyLedger(t.app.db, '2024-06-15');
    const loansNow = await t.app.db
      .selectFrom('pinjaman')
      .select(['kolektibilitas', 'sisa_pokok', 'status'])
      .where('deleted_at', 'is', null)
      .where('status', 'in', ['aktif', 'macet'])
      .execute();
    const laporan = (await t.request({ method: 'GET', url: '/api/laporan/kolektibilitas' })).json().data as KolektibilitasLaporan;
    expect(laporan).toMatchObject({ bulan: '2024-06', sumber: 'hari_ini' });
    const posisi = laporan.posisi!;
    expect(posisi.tanggal).toBe('2024-06-15');
    expect(posisi.outstanding).toBe(loansNow.reduce((sum, l) => sum + l.sisa_pokok, 0));
    for (const kelas of [1, 2, 3, 4, 5]) {
      const of = loansNow.filter((l) => l.kolektibilitas === kelas);
      expect(posisi.per_kelas[kelas - 1]).toMatchObject({
        kelas,
        jumlah_pinjaman: of.length,
        outstanding: of.reduce((s2, l) => s2 + l.sisa_pokok, 0),
      });
    }
  });

  it('gives a past month-end from its snapshot, NPF from the classes, and says when there is none', async () => {
    const figures = {
      jumlah_nasabah: 2,
      pinjaman_aktif: 3,
      nilai_pinjaman_aktif: 30_000_000,
      jumlah_k1: 1,
      outstanding_k1: 6_000_000,
      jumlah_k2: 0,
      outstanding_k2: 0,
      jumlah_k3: 1,
      outstanding_k3: 3_000_000,
      jumlah_k4: 0,
      outstanding_k4: 0,
      jumlah_k5: 1,
      outstanding_k5: 1_000_000,
      outstanding_par30: 4_000_000,
      penagihan_hari: 0,
      penagihan_bulan: 2_000_000,
    };
    await t.app.db
      .insertInto('portfolio_snapshots')
      .values({ tanggal: '2024-04-30', jenis: 'susulan', lengkap: true, ...figures })
      .execute();
    const laporan = (await t.request({ method: 'GET', url: '/api/laporan/kolektibilitas?bulan=2024-04' })).json()
      .data as KolektibilitasLaporan;
    expect(laporan).toMatchObject({ bulan: '2024-04', sumber: 'akhir_bulan' });
    expect(laporan.bulan_tersedia).toContain('2024-04');
    expect(laporan.posisi).toMatchObject({ tanggal: '2024-04-30', outstanding: 10_000_000, outstanding_bermasalah: 4_000_000 });
    expect(laporan.posisi!.npf_gross).toBe(40); // (3 000 000 + 1 000 000) / 10 000 000
    const csv = await t.request({ method: 'GET', url: '/api/laporan/kolektibilitas/ekspor?bulan=2024-04&format=csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="kolektibilitas-2024-04-30.csv"');
    const records = parse(csv.body, { bom: true, relax_column_count: true }) as string[][];
    expect(records[2]).toEqual(['Filter: Akhir bulan April 2024']);
    expect(records[5]).toEqual(['Golongan', 'Jumlah Pinjaman', 'Outstanding', 'Porsi (%)', 'PPAP']);
    expect(records.slice(6, 11).map((r) => r.slice(0, 4))).toEqual([
      ['1 Lancar', '1', '6000000', '60'],
      ['2 Dalam Perhatian Khusus', '0', '0', '0'],
      ['3 Kurang Lancar', '1', '3000000', '30'],
      ['4 Diragukan', '0', '0', '0'],
      ['5 Macet', '1', '1000000', '10'],
    ]);
    expect(records[12]?.slice(0, 4)).toEqual(['NPF gross (golongan 3–5)', '', '4000000', '40']);

    const none = (await t.request({ method: 'GET', url: '/api/laporan/kolektibilitas?bulan=2024-02' })).json()
      .data as KolektibilitasLaporan;
    expect(none).toMatchObject({ sumber: 'akhir_bulan', posisi: null });
    const bad = await t.request({ method: 'GET', url: '/api/laporan/kolektibilitas?bulan=2024-4' });
    expectFieldError(bad, 'bulan', 'Bulan harus berupa tahun dan bulan (YYYY-MM)');
  });
});

describe('GET /api/laporan/penagihan', () => {
  it('sets this month’s instalments due up to today against its payments, per place', async () => {
    const laporan = (await t.request({ method: 'GET', url: '/api/laporan/penagihan' })).json().data as Penagihan;
    // June up to the 15th: A's instalment of the 10th (Rp 1.240.000) is due; OLD's falls on the
    // 30th and B, C were granted this month (first due in July). Payments dated in June count,
    // whatever they pay for.
    // Realisasi is what they paid of instalments due by today: A's three pay its arrears (February
    // to April), OLD's 500.000 its oldest unpaid instalment. C's profit share pays July's ahead:
    // di muka, not collection (issue 47).
    const june = recorded.filter((r) => r.tanggal.startsWith('2024-06'));
    const ahead = june.filter((r) => r.loan === 'C');
    expect(laporan).toMatchObject({ bulan: '2024-06', sampai: '2024-06-15' });
    // B (granted today, nothing due or paid yet) is not one of June's collections.
    expect(laporan.total).toEqual({
      jumlah_pinjaman: 3,
      target: 1_240_000,
      realisasi: sum(june) - sum(ahead),
      di_muka: sum(ahead),
      persentase: 340.32,
    });
    expect(laporan.per_wilayah).toEqual([{ kota: 'Bogor', kecamatan: 'Cibinong', ...laporan.total }]);
    expect(laporan.tanpa_pembayaran).toEqual([]);
  });

  it('lists the loans that had something due in a past month and paid nothing', async () => {
    const laporan = (await t.request({ method: 'GET', url: '/api/laporan/penagihan?bulan=2024-05' })).json().data as Penagihan;
    // May: A owed its instalment of the 10th, OLD (Rp 9.000.000, 2 %, 12 months) Rp 930.000 on
    // the 30th; nothing was paid in May.
    expect(laporan.sampai).toBe('2024-05-31');
    expect(laporan.total).toEqual({ jumlah_pinjaman: 2, target: 1_240_000 + 930_000, realisasi: 0, di_muka: 0, persentase: 0 });
    expect(laporan.tanpa_pembayaran.map((r) => [r.nomor_pinjaman, r.target, r.nasabah.nama])).toEqual([
      ['A', 1_240_000, 'Budi Santoso'],
      ['OLD', 930_000, 'Budi Santoso'],
    ]);
    const filtered = (await t.request({ method: 'GET', url: '/api/laporan/penagihan?bulan=2024-05&kota=depok' })).json()
      .data as Penagihan;
    expect(filtered.total).toEqual({ jumlah_pinjaman: 0, target: 0, realisasi: 0, di_muka: 0, persentase: null });
    const sameKota = (await t.request({ method: 'GET', url: '/api/laporan/penagihan?bulan=2024-05&kota=BOGOR' })).json()
      .data as Penagihan;
    expect(sameKota.total.target).toBe(2_170_000);
  });

  it('refuses a month ahead, and exports per place with the loans that paid nothing', async () => {
    const ahead = await t.request({ method: 'GET', url: '/api/laporan/penagihan?bulan=2024-07' });
    expectFieldError(ahead, 'bulan', 'Bulan tidak boleh melewati bulan ini');
    const res = await t.request({ method: 'GET', url: '/api/laporan/penagihan/ekspor?bulan=2024-05' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="penagihan-2024-05.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [places, nihil] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(places.getRow(7).values).toEqual([undefined, 'Bogor', 'Cibinong', 2, 2_170_000, 0, 0, 0]);
    expect(places.getRow(8).getCell(1).value).toBe('Total');
    expect(nihil.name).toBe('Tanpa Pembayaran');
    expect([nihil.getRow(7).getCell(5).value, nihil.getRow(8).getCell(5).value]).toEqual(['A', 'OLD']);
  });

  it('counts an early settlement’s arrears as collection and the rest apart, and a lunas Mudharabah’s profit share (issue 47)', async () => {
    // In Sleman, granted 5 December 2022 (outside the other reports' months), nothing paid until 2024:
    // S1, 12.000.000 Murabahah at 2 % × 24 (740.000 a month, due the 5th), settled on 10 April 2024
    // for 13.000.000; D2, 12.000.000 Mudharabah at 2 % (240.000 a month), principal returned on
    // 20 March 2024, two months' profit share paid in April.
    const nasabah = await postNasabah(t, {
      nama: 'Sri Wahyuni',
      nik: '3404000000000003',
      telepon: '081234567891',
      alamat: 'Jl. Kaliurang 5',
      kecamatan: 'Depok',
      kota: 'Sleman',
    });
    const s1 = await postLoan(t, nasabah, {
      nomor_pinjaman: 'S1',
      tanggal_pinjam: '2022-12-05',
      jumlah: 12_000_000,
      durasi_angsuran: 24,
    });
    const d2 = await postLoan(t, nasabah, {
      nomor_pinjaman: 'D2',
      tanggal_pinjam: '2022-12-05',
      jumlah: 12_000_000,
      tipe: 'non-pokok',
      durasi_angsuran: null,
      persentase: 2,
    });
    const april = [
      { pinjaman_id: d2.id, tanggal: '2024-03-20', jenis: 'pokok', jumlah: 12_000_000 },
      { pinjaman_id: s1.id, tanggal: '2024-04-10', jenis: 'pelunasan', jumlah: 13_000_000 },
      { pinjaman_id: d2.id, tanggal: '2024-04-12', jenis: 'bagi_hasil', jumlah: 240_000 },
      { pinjaman_id: d2.id, tanggal: '2024-04-13', jenis: 'bagi_hasil', jumlah: 240_000 },
    ];
    for (const payment of april) {
      const res = await t.request({
        method: 'POST',
        url: '/api/pembayaran',
        payload: { ...payment, keterangan: null, angsuran_ke: null },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sleman = (await t.request({ method: 'GET', url: '/api/laporan/penagihan?bulan=2024-04&kota=Sleman' })).json()
      .data as Penagihan;
    // S1: 16 instalments due by 30 April (January 2023 to April 2024) = 11.840.000 collected, the
    // other 1.160.000 of the settlement is not; D2: no share due in April (its principal came back in
    // March), the 480.000 pays its arrears.
    expect(sleman.total).toEqual({
      jumlah_pinjaman: 2,
      target: 740_000,
      realisasi: 11_840_000 + 480_000,
      di_muka: 1_160_000,
      persentase: 1664.86,
    });
    // Realisasi and di muka together are the month's payments, as the payment list counts them.
    const all = (await t.request({ method: 'GET', url: '/api/laporan/penagihan?bulan=2024-04' })).json().data as Penagihan;
    const stats = (await t.request({ method: 'GET', url: '/api/pembayaran/stats?month=4&year=2024' })).json().data;
    expect(all.total.realisasi + all.total.di_muka).toBe(stats.total_nilai_pembayaran);
    // Both closed in April: May does not count them.
    const may = (await t.request({ method: 'GET', url: '/api/laporan/penagihan?bulan=2024-05&kota=Sleman' })).json()
      .data as Penagihan;
    expect(may.total.jumlah_pinjaman).toBe(0);
  });
});
