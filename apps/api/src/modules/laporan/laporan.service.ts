import type { Kysely } from 'kysely';
import {
  addDays,
  collectionRate,
  deferredMargin,
  loanIncome,
  countedByHapusBuku,
  recoveriesOf,
  type MetodePengakuanMargin,
  type Pendapatan,
  jenisPembayaran,
  loanCollectionInMonth,
  messages,
  paymentsByLoan,
  monthDateRange,
  monthsEndingWith,
  nomorKwitansi,
  type KolektibilitasLaporan,
  type Pencairan,
  type Penagihan,
  type PenagihanQuery,
  type PencairanQuery,
  type RekapHarian,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { instantText } from '../../db/json-rows';
import * as repo from './laporan.repository';
import { portfolioAtMonthEnd } from '../portfolio/portfolio.service';
import { nextTurn } from '../../db/job-runs';

/** Months a disbursement report covers. */
export const PENCAIRAN_MONTHS = 12;

/**
 * The counter's end of day (Rekap Harian): the living payments dated `tanggal`, in all, per kind
 * (every kind, zero where none) and per staff member; each payment; the loans granted that day.
 */
export async function rekapHarian(db: Kysely<DB>, tanggal: string): Promise<RekapHarian> {
  const [payments, loans] = await Promise.all([repo.paymentsOfDay(db, tanggal), repo.loansOfDay(db, tanggal)]);
  const perJenis = new Map(jenisPembayaran.map((jenis) => [jenis, { jenis, jumlah_transaksi: 0, total: 0 }]));
  const perPetugas = new Map<number | null, { user_id: number | null; nama: string; jumlah_transaksi: number; total: number }>();
  for (const row of payments) {
    const jenis = perJenis.get(row.jenis)!;
    jenis.jumlah_transaksi += 1;
    jenis.total += row.jumlah;
    const petugas = perPetugas.get(row.created_by) ?? {
      user_id: row.created_by,
      nama: row.petugas ?? messages.laporan.petugasTidakDiketahui,
      jumlah_transaksi: 0,
      total: 0,
    };
    petugas.jumlah_transaksi += 1;
    petugas.total += row.jumlah;
    perPetugas.set(row.created_by, petugas);
  }
  return {
    tanggal,
    pembayaran: { jumlah_transaksi: payments.length, total: payments.reduce((sum, row) => sum + row.jumlah, 0) },
    per_jenis: [...perJenis.values()],
    per_petugas: [...perPetugas.values()].sort((a, b) => b.total - a.total || a.nama.localeCompare(b.nama, 'id')),
    rincian_pembayaran: payments.map((row) => ({
      id: row.id,
      dicatat_pada: instantText(row.created_at),
      nomor_kwitansi:
        row.kwitansi_tahun !== null && row.kwitansi_urut !== null ? nomorKwitansi(row.kwitansi_tahun, row.kwitansi_urut) : null,
      nasabah: { id: row.nasabah_id, nama: row.nasabah_nama },
      pinjaman: { id: row.pinjaman_id, nomor_pinjaman: row.nomor_pinjaman, tipe: row.tipe },
      jenis: row.jenis,
      angsuran_ke: row.angsuran_ke,
      jumlah: row.jumlah,
      dicatat_oleh: row.petugas,
    })),
    pinjaman_baru: { jumlah: loans.length, total: loans.reduce((sum, row) => sum + row.jumlah, 0) },
    rincian_pinjaman_baru: loans.map((row) => ({
      id: row.id,
      nomor_pinjaman: row.nomor_pinjaman,
      nasabah: { id: row.nasabah_id, nama: row.nasabah_nama },
      tipe: row.tipe,
      jumlah: row.jumlah,
      persentase: Number(row.persentase),
      durasi_angsuran: row.durasi_angsuran,
      dicatat_oleh: row.petugas,
    })),
  };
}

/** Loans granted per month over the 12 months ending with `sampai` (`YYYY-MM`), per type and in all. */
export async function pencairan(db: Kysely<DB>, sampai: string, tipe: PencairanQuery['tipe']): Promise<Pencairan> {
  const months = monthsEndingWith(sampai, PENCAIRAN_MONTHS);
  const [firstYear, firstMonth] = months[0]!.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = sampai.split('-').map(Number) as [number, number];
  const rows = await repo.disbursementsByMonth(
    db,
    monthDateRange(firstYear, firstMonth).first,
    monthDateRange(lastYear, lastMonth).last,
    tipe,
  );
  const zero = () => ({ jumlah: 0, total: 0 });
  const bulan = months.map((month) => ({ bulan: month, pokok: zero(), non_pokok: zero(), semua: zero() }));
  const total = { pokok: zero(), non_pokok: zero(), semua: zero() };
  for (const row of rows) {
    const month = bulan.find((b) => b.bulan === row.bulan);
    if (!month) continue;
    for (const cell of [
      month[row.tipe === 'pokok' ? 'pokok' : 'non_pokok'],
      month.semua,
      total[row.tipe === 'pokok' ? 'pokok' : 'non_pokok'],
      total.semua,
    ]) {
      cell.jumlah += row.jumlah;
      cell.total += row.total;
    }
  }
  return { sampai, tipe: tipe ?? null, bulan, total };
}

/** The Kolektibilitas report: the portfolio's classes and NPF at the end of `bulan`, or today for this month. */
export async function kolektibilitas(db: Kysely<DB>, bulan: string, today: string): Promise<KolektibilitasLaporan> {
  const { sumber, posisi, tersedia } = await portfolioAtMonthEnd(db, bulan, today);
  return { bulan, sumber, posisi, bulan_tersedia: tersedia };
}

/** Loans read per batch by Penagihan Bulanan; the thread gets a turn between batches. */
export const PENAGIHAN_BATCH = 200;

/**
 * Penagihan Bulanan of `bulan` (`YYYY-MM`): each loan's target, realisasi and payments di muka (core
 * `loanCollectionInMonth`) up to the month's end, or up to today while the month runs; summed in
 * all and per kota/kecamatan; the loans with something due and no payment. The loans read are the
 * running ones and those no longer running with a payment in the month (a settlement, a
 * Mudharabah's profit share paid after its principal came back): realisasi + di muka equals the
 * month's payments of the loans the filters select.
 */
export async function penagihan(db: Kysely<DB>, query: PenagihanQuery & { bulan: string }, today: string): Promise<Penagihan> {
  const [year, month] = query.bulan.split('-').map(Number) as [number, number];
  const { first: dari, last } = monthDateRange(year, month);
  const sampai = last < today ? last : today;
  const total = { jumlah_pinjaman: 0, target: 0, realisasi: 0, di_muka: 0 };
  const places = new Map<
    string,
    { kota: string | null; kecamatan: string | null; jumlah_pinjaman: number; target: number; realisasi: number; di_muka: number }
  >();
  const tanpaPembayaran: Penagihan['tanpa_pembayaran'] = [];
  const filters = { dari, sampai, tipe: query.tipe, kota: query.kota, kecamatan: query.kecamatan };
  const count = async (loans: Awaited<ReturnType<typeof repo.runningLoansForCollections>>) => {
    const byLoan = paymentsByLoan(
      await repo.paymentsOfLoans(
        db,
        loans.map((l) => l.id),
        sampai,
      ),
    );
    for (const loan of loans) {
      const collection = loanCollectionInMonth(
        { ...loan, persentase: Number(loan.persentase) },
        byLoan.get(loan.id) ?? [],
        dari,
        sampai,
      );
      if (!collection) continue;
      const key = `${loan.kota ?? ''}\u0000${loan.kecamatan ?? ''}`;
      const place = places.get(key) ?? {
        kota: loan.kota,
        kecamatan: loan.kecamatan,
        jumlah_pinjaman: 0,
        target: 0,
        realisasi: 0,
        di_muka: 0,
      };
      for (const sum of [total, place]) {
        sum.jumlah_pinjaman += 1;
        sum.target += collection.target;
        sum.realisasi += collection.realisasi;
        sum.di_muka += collection.di_muka;
      }
      places.set(key, place);
      if (collection.target > 0 && collection.realisasi + collection.di_muka === 0)
        tanpaPembayaran.push({
          pinjaman_id: loan.id,
          nomor_pinjaman: loan.nomor_pinjaman,
          tipe: loan.tipe,
          nasabah: { id: loan.nasabah_id, nama: loan.nasabah_nama, telepon: loan.telepon },
          kota: loan.kota,
          kecamatan: loan.kecamatan,
          target: collection.target,
          kolektibilitas: loan.kolektibilitas,
        });
    }
    // A turn for the other requests between batches (PGlite runs on this thread).
    await nextTurn();
  };
  for (let afterId = 0; ;) {
    const loans = await repo.runningLoansForCollections(db, filters, afterId, PENAGIHAN_BATCH);
    if (loans.length > 0) await count(loans);
    if (loans.length < PENAGIHAN_BATCH) break;
    afterId = loans.at(-1)!.id;
  }
  const seen = new Set<number>();
  for (let day = dari; day <= sampai; day = addDays(day, 1)) {
    const settled = (await repo.settledLoansForCollections(db, filters, day)).filter((loan) => !seen.has(loan.id));
    for (const loan of settled) seen.add(loan.id);
    for (let start = 0; start < settled.length; start += PENAGIHAN_BATCH)
      await count(settled.slice(start, start + PENAGIHAN_BATCH));
  }
  const rate = <T extends { target: number; realisasi: number }>(sum: T) => ({
    ...sum,
    persentase: collectionRate(sum.target, sum.realisasi),
  });
  const byPlace = (a: { kota: string | null; kecamatan: string | null }, b: { kota: string | null; kecamatan: string | null }) =>
    (a.kota ?? '\uffff').localeCompare(b.kota ?? '\uffff', 'id') ||
    (a.kecamatan ?? '\uffff').localeCompare(b.kecamatan ?? '\uffff', 'id');
  return {
    bulan: query.bulan,
    sampai,
    total: rate(total),
    per_wilayah: [...places.values()].sort(byPlace).map(rate),
    tanpa_pembayaran: tanpaPembayaran.sort((a, b) => b.target - a.target || a.pinjaman_id - b.pinjaman_id),
  };
}

/**
 * Laporan Pendapatan (issue 26 A) over the 12 months ending with `sampai`: each loan's payments'
 * income (core `loanIncome`, by the institution's method) summed by the month of the payment, and
 * the margin deferred (core `deferredMargin`) at each month's end, or at `today` for the running
 * month. Loans are read in batches by id, each with all its payments; the thread gets a turn
 * between batches.
 */
export async function pendapatan(
  db: Kysely<DB>,
  sampai: string,
  metode: MetodePengakuanMargin,
  today: string,
): Promise<Pendapatan> {
  const months = monthsEndingWith(sampai, PENCAIRAN_MONTHS).map((bulan) => {
    const [year, month] = bulan.split('-').map(Number) as [number, number];
    const { first, last } = monthDateRange(year, month);
    return {
      bulan,
      first,
      end: last < today ? last : today,
      sums: { margin_diterima: 0, margin_diakui: 0, margin_dibebaskan: 0, bagi_hasil: 0, pemulihan: 0, margin_ditangguhkan: 0 },
    };
  });
  const dari = months[0]!.first;
  const until = months.at(-1)!.end;
  const monthOf = new Map(months.map((m) => [m.bulan, m]));
  for (let afterId = 0; ;) {
    const loans = await repo.incomeLoans(db, dari, until, afterId, PENAGIHAN_BATCH);
    const byLoan = paymentsByLoan(
      await repo.paymentsOfLoans(
        db,
        loans.map((l) => l.id),
      ),
    );
    for (const loan of loans) {
      const all = byLoan.get(loan.id) ?? [];
      const terms = { ...loan, persentase: Number(loan.persentase) };
      // A loan written off earns no margin after it: what is paid since is a recovery, income of its own.
      const payments = all.filter((p) => loan.hapus_buku_tanggal === null || countedByHapusBuku(loan, p.id));
      for (const r of recoveriesOf(terms, all, today, metode)) {
        const month = monthOf.get(r.tanggal.slice(0, 7));
        if (month && r.tanggal <= month.end) month.sums.pemulihan += r.pemulihan;
      }
      const income = loanIncome(terms, payments, metode);
      for (const p of income.payments) {
        const month = monthOf.get(p.tanggal.slice(0, 7));
        if (!month || p.tanggal > month.end) continue;
        if (loan.tipe === 'pokok') {
          month.sums.margin_diterima += p.diterima;
          month.sums.margin_diakui += p.diakui;
          month.sums.margin_dibebaskan += p.dibebaskan;
        } else month.sums.bagi_hasil += p.diakui;
      }
      if (loan.tipe !== 'pokok') continue;
      // A lunas loan closed on the day of its last payment.
      // A loan written off took its deferred margin off the books on that day.
      const closedOn =
        loan.hapus_buku_tanggal ??
        (loan.status === 'lunas'
          ? (payments.reduce<string | null>((last, p) => (last && last > p.tanggal ? last : p.tanggal), null) ??
            loan.tanggal_pinjam)
          : null);
      for (const month of months) month.sums.margin_ditangguhkan += deferredMargin(loan, income, month.end, closedOn);
    }
    await nextTurn();
    if (loans.length < PENAGIHAN_BATCH) break;
    afterId = loans.at(-1)!.id;
  }
  const withTotal = <T extends { margin_diakui: number; bagi_hasil: number; pemulihan: number }>(sums: T) => ({
    ...sums,
    pendapatan_diakui: sums.margin_diakui + sums.bagi_hasil + sums.pemulihan,
  });
  const total = { margin_diterima: 0, margin_diakui: 0, margin_dibebaskan: 0, bagi_hasil: 0, pemulihan: 0 };
  for (const { sums } of months) {
    total.margin_diterima += sums.margin_diterima;
    total.margin_diakui += sums.margin_diakui;
    total.margin_dibebaskan += sums.margin_dibebaskan;
    total.bagi_hasil += sums.bagi_hasil;
    total.pemulihan += sums.pemulihan;
  }
  return {
    sampai,
    metode,
    bulan: months.map((m) => withTotal({ bulan: m.bulan, ...m.sums })),
    total: withTotal(total),
  };
}
