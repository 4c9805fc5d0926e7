import { sql, type Kysely } from 'kysely';
import { dropSecondaryIndexes, recreateIndexes, setUserTriggers } from '../bulk-load';
import {
  addDays,
  addMonths,
  angsuranPerBulan,
  autofillPembayaran,
  calculateMurabahah,
  resolveLoanStatus,
  loanPosition,
  splitIntoInstalments,
  totalPembayaran,
  totalPinjamanNasabah,
  type JenisPembayaran,
  type TipePinjaman,
} from '@mizan/core';
import type { DB } from '../schema';
import { seededRandom, type Random } from './random';
import { businesses, collaterals, firstNames, lastNames, makeNik, places, streets } from './indonesia';

/** How much to load, and "today" (payments never lie in the future). */
export interface ScaleOptions {
  nasabah: number;
  pinjaman: number;
  pembayaran: number;
  /** 'YYYY-MM-DD'; the data is a function of the counts, the seed and this date. */
  today: string;
  /** Author of every row (created_by/updated_by), normally the first administrator. */
  userId: number | null;
  seed?: number;
  /** Customers generated and written per transaction. */
  chunkCustomers?: number;
  /** Rows per INSERT statement. */
  rowsPerStatement?: number;
}

export interface ScaleCounts {
  nasabah: number;
  pinjaman: number;
  pembayaran: number;
}

interface NasabahValues {
  id: number;
  nama: string;
  nik: string | null;
  telepon: string | null;
  alamat: string;
  kecamatan: string | null;
  kota: string;
  tanggal_nasabah: string | null;
  status: 'aktif' | 'nonaktif';
  total_pinjaman: number;
  created_at: string;
}

interface PinjamanValues {
  id: number;
  nasabah_id: number;
  /** The customer's nama and NIK as the loan carries them (triggers are off during the load). */
  nasabah_nama: string;
  nasabah_nik: string | null;
  nomor_pinjaman: string;
  urutan_pinjaman: number;
  tanggal_pinjam: string;
  jumlah: number;
  persentase: number;
  tipe: TipePinjaman;
  jaminan: string;
  keterangan: string;
  durasi_angsuran: number | null;
  status: 'aktif' | 'lunas' | 'macet' | 'pending';
  sisa_pokok: number;
  sisa_margin: number;
  total_pembayaran: number;
  angsuran_per_bulan: number | null;
  created_at: string;
}

interface PembayaranValues {
  id: number;
  pinjaman_id: number;
  tanggal: string;
  jumlah: number;
  jenis: JenisPembayaran;
  keterangan: string | null;
  angsuran_ke: number | null;
  created_at: string;
}

const HISTORY_DAYS = 8 * 365;

/** Whole months m ≥ 0 such that start + m months (month-end aware, as the schedule) is on or before today. */
export function monthsElapsed(start: string, today: string): number {
  if (start > today) return 0;
  const [sy, sm] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [ty, tm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  let months = (ty - sy) * 12 + (tm - sm);
  while (months > 0 && addMonths(start, months) > today) months -= 1;
  return months;
}

/** Timestamp (ISO) of a calendar day in Jakarta at `hour`, plus `seconds`. */
function jakartaTimestamp(date: string, hour: number, seconds: number): string {
  return new Date(Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00+07:00`) + seconds * 1000).toISOString();
}

/**
 * Splits `total` items over `count` slots with the exact total; slot k gets a share proportional
 * to `weight(k)` (cumulative weights given by `cumulative(k)`, the sum of the weights of slots
 * below k), give or take a random shift below the slot's own average.
 */
function jitteredSplitter(total: number, count: number, rnd: Random, cumulative: (k: number) => number = (k) => k) {
  const whole = cumulative(count);
  let previous = 0;
  return (index: number): number => {
    const average = whole > 0 ? (total * (cumulative(index + 1) - cumulative(index))) / whole : 0;
    const shift = index + 1 >= count ? 0 : rnd.next() * average;
    const boundary = Math.floor((total * cumulative(index + 1)) / whole + shift);
    const size = Math.max(0, boundary - previous);
    previous = Math.max(previous, boundary);
    return size;
  };
}

/**
 * The deterministic generator: customers in id order, each with its loans and their payments,
 * handed out one chunk of customers at a time so memory stays flat whatever the scale. Every
 * maintained column is computed with the @mizan/core formulas, and payment amounts follow the
 * auto-fill rules (the scheduled instalment, or jumlah × persentase / 100 for bagi hasil).
 */
export function* generateScaleData(options: ScaleOptions): Generator<{
  nasabah: NasabahValues[];
  pinjaman: PinjamanValues[];
  pembayaran: PembayaranValues[];
}> {
  const { today } = options;
  const rnd = seededRandom(options.seed ?? 100_000);
  const chunk = options.chunkCustomers ?? 1000;
  // Customers are registered oldest first over eight years; an older customer has had more loans
  // (share proportional to the time since registration), which leaves each loan time to be paid.
  const n = options.nasabah;
  const loansOf = jitteredSplitter(options.pinjaman, n, rnd, (k) => k * n - (k * (k - 1)) / 2);
  const paymentsOf = jitteredSplitter(options.pembayaran, Math.max(1, options.pinjaman), rnd);
  const niks = new Set<string>();
  let loanId = 0;
  let paymentId = 0;
  let carry = 0; // payments a loan could not take (too young): handed to the next loans

  let nasabah: NasabahValues[] = [];
  let pinjaman: PinjamanValues[] = [];
  let pembayaran: PembayaranValues[] = [];

  for (let i = 0; i < options.nasabah; i++) {
    const id = i + 1;
    const place = rnd.pick(places);
    const female = rnd.chance(0.5);
    const imported = rnd.chance(0.02); // records from the old system with gaps
    const registered = addDays(today, -Math.round((HISTORY_DAYS * (options.nasabah - i)) / options.nasabah));
    let nik: string | null = null;
    if (!(imported && rnd.chance(0.5))) {
      const [day, month, year] = [rnd.int(1, 28), rnd.int(1, 12), rnd.int(1960, 2004)];
      let serial = rnd.int(1, 9999);
      nik = makeNik(place.nik, day, month, year, female, serial);
      while (niks.has(nik)) {
        serial = (serial % 9999) + 1;
        nik = makeNik(place.nik, day, month, year, female, serial);
      }
      niks.add(nik);
    }
    const customer: NasabahValues = {
      id,
      nama: `${rnd.pick(firstNames)} ${rnd.chance(0.3) ? `${rnd.pick(firstNames)} ` : ''}${rnd.pick(lastNames)}`,
      nik,
      telepon:
        imported && rnd.chance(0.5) ? null : `08${rnd.pick(['12', '13', '21', '52', '57', '77', '81', '95'])}${rnd.digits(8)}`,
      alamat: `${rnd.pick(streets)} No. ${rnd.int(1, 250)}, RT 0${rnd.int(1, 9)}/RW 0${rnd.int(1, 9)}`,
      kecamatan: imported ? null : place.kecamatan,
      kota: place.kota,
      tanggal_nasabah: imported ? null : registered,
      status: rnd.chance(0.08) ? 'nonaktif' : 'aktif',
      total_pinjaman: 0,
      created_at: jakartaTimestamp(registered, 8, i % 28_800),
    };

    // The customer's loans follow one another from the registration date on.
    const loans: PinjamanValues[] = [];
    let cursor = registered;
    const loanCount = loansOf(i);
    for (let k = 1; k <= loanCount; k++) {
      loanId += 1;
      let start = addDays(cursor, rnd.int(0, 45));
      if (start > today) start = today;
      const available = monthsElapsed(start, today);
      const wanted = paymentsOf(loanId - 1) + carry;
      let paid = Math.min(wanted, available);
      const running = paid >= available;
      const pokok = rnd.chance(0.65);
      const jumlah = rnd.int(2, 200) * 500_000;
      const persentase = pokok ? rnd.pick([1.5, 1.75, 2, 2, 2.25, 2.5]) : rnd.pick([5, 7.5, 10, 12.5]);
      const troubled = running && paid >= 4 && rnd.chance(0.08);
      const pending = running && paid === 0 && rnd.chance(0.1);
      if (troubled) paid -= rnd.int(3, Math.min(paid, 6)); // stopped paying a few months ago
      carry = wanted - paid;

      let durasi: number | null = null;
      let settleEarly = false;
      if (pokok) {
        if (running || paid === 0) durasi = paid + rnd.int(1, 12);
        else if (paid >= 3 && rnd.chance(0.1)) {
          durasi = paid + rnd.int(2, 6);
          settleEarly = true; // the last payment settles what is still owed
        } else durasi = paid;
      }
      const terms = { tipe: (pokok ? 'pokok' : 'non-pokok') as TipePinjaman, jumlah, persentase, durasi_angsuran: durasi };
      const schedule = pokok
        ? splitIntoInstalments(calculateMurabahah(jumlah, persentase, durasi!).totalObligation, durasi!)
        : null;
      const bagiHasil = pokok ? 0 : autofillPembayaran(terms, []).jumlah!;
      const partialReturnAt = !pokok && paid >= 4 && rnd.chance(0.25) ? Math.floor(paid / 2) : 0;
      const payments: PembayaranValues[] = [];
      let owed = pokok ? schedule!.reduce((a, b) => a + b, 0) : jumlah;
      for (let m = 1; m <= paid; m++) {
        const due = addMonths(start, m);
        const late = rnd.chance(0.15) ? rnd.int(1, 20) : 0;
        let tanggal = late ? addDays(due, late) : due;
        if (tanggal > today) tanggal = today;
        const last = m === paid && !running;
        let jenis: JenisPembayaran;
        let amount: number;
        let angsuranKe: number | null = null;
        if (pokok) {
          if (last && settleEarly) {
            jenis = 'pelunasan';
            amount = owed;
          } else {
            jenis = 'angsuran';
            angsuranKe = m;
            amount = schedule![m - 1]!;
          }
        } else if (last) {
          jenis = 'pelunasan';
          amount = owed; // the capital still out
        } else if (m === partialReturnAt) {
          jenis = 'pokok';
          amount = Math.round(jumlah / 4);
        } else {
          jenis = 'bagi_hasil';
          amount = bagiHasil;
        }
        if (pokok || jenis !== 'bagi_hasil') owed -= amount;
        paymentId += 1;
        payments.push({
          id: paymentId,
          pinjaman_id: loanId,
          tanggal,
          jumlah: amount,
          jenis,
          keterangan: late ? `Terlambat ${late} hari` : null,
          angsuran_ke: angsuranKe,
          created_at: jakartaTimestamp(tanggal, 11, paymentId % 21_600),
        });
      }
      const initialStatus = troubled || (!running && paid === 0) ? 'macet' : pending ? 'pending' : 'aktif';
      const status = resolveLoanStatus({ ...terms, status: initialStatus }, payments);
      // The stored balances every write keeps (core loanPosition, issue 47), on the proportional method.
      const position = loanPosition({ ...terms, tanggal_pinjam: start, status }, payments, today);
      loans.push({
        id: loanId,
        nasabah_id: id,
        nasabah_nama: customer.nama,
        nasabah_nik: customer.nik,
        nomor_pinjaman: rnd.chance(0.9) ? `A${String(loanId).padStart(6, '0')}` : '',
        urutan_pinjaman: k,
        tanggal_pinjam: start,
        jumlah,
        persentase,
        tipe: terms.tipe,
        jaminan: rnd.pick(collaterals),
        keterangan: `Modal usaha ${rnd.pick(businesses).toLowerCase()}`,
        durasi_angsuran: durasi,
        status,
        sisa_pokok: position.sisa_pokok,
        sisa_margin: position.sisa_margin,
        total_pembayaran: totalPembayaran(payments),
        angsuran_per_bulan: angsuranPerBulan(terms),
        created_at: jakartaTimestamp(start, 10, loanId % 21_600),
      });
      for (const payment of payments) pembayaran.push(payment);
      cursor = running ? today : addMonths(start, Math.max(paid, 1));
    }
    customer.total_pinjaman = totalPinjamanNasabah(loans);
    nasabah.push(customer);
    for (const loan of loans) pinjaman.push(loan);

    if (nasabah.length >= chunk || i === options.nasabah - 1) {
      yield { nasabah, pinjaman, pembayaran };
      nasabah = [];
      pinjaman = [];
      pembayaran = [];
    }
  }
}

function column<T, K extends keyof T>(rows: readonly T[], key: K): T[K][] {
  return rows.map((row) => row[key]);
}

async function insertNasabah(db: Kysely<DB>, rows: NasabahValues[], userId: number | null) {
  await sql`
    insert into nasabah (id, nama, nik, telepon, alamat, kecamatan, kota, tanggal_nasabah, status, total_pinjaman,
                         created_by, updated_by, created_at, updated_at)
    select id, nama, nik, telepon, alamat, kecamatan, kota, tanggal_nasabah, status, total_pinjaman,
           ${userId}::int, ${userId}::int, created_at, created_at
    from unnest(${column(rows, 'id')}::int[], ${column(rows, 'nama')}::text[], ${column(rows, 'nik')}::text[],
                ${column(rows, 'telepon')}::text[], ${column(rows, 'alamat')}::text[], ${column(rows, 'kecamatan')}::text[],
                ${column(rows, 'kota')}::text[], ${column(rows, 'tanggal_nasabah')}::date[], ${column(rows, 'status')}::text[],
                ${column(rows, 'total_pinjaman')}::bigint[], ${column(rows, 'created_at')}::timestamptz[])
      as t(id, nama, nik, telepon, alamat, kecamatan, kota, tanggal_nasabah, status, total_pinjaman, created_at)`.execute(db);
}

async function insertPinjaman(db: Kysely<DB>, rows: PinjamanValues[], userId: number | null) {
  await sql`
    insert into pinjaman (id, nasabah_id, nasabah_nama, nasabah_nik, nomor_pinjaman, urutan_pinjaman, tanggal_pinjam, jumlah,
                          persentase, tipe, jaminan, keterangan, durasi_angsuran, status, sisa_pokok, sisa_margin, total_pembayaran,
                          angsuran_per_bulan, created_by, updated_by, created_at, updated_at)
    select id, nasabah_id, nasabah_nama, nasabah_nik, nomor_pinjaman, urutan_pinjaman, tanggal_pinjam, jumlah,
           persentase, tipe, jaminan, keterangan, durasi_angsuran, status, sisa_pokok, sisa_margin, total_pembayaran,
           angsuran_per_bulan, ${userId}::int, ${userId}::int, created_at, created_at
    from unnest(${column(rows, 'id')}::int[], ${column(rows, 'nasabah_id')}::int[], ${column(rows, 'nasabah_nama')}::text[],
                ${column(rows, 'nasabah_nik')}::text[], ${column(rows, 'nomor_pinjaman')}::text[],
                ${column(rows, 'urutan_pinjaman')}::int[], ${column(rows, 'tanggal_pinjam')}::date[], ${column(rows, 'jumlah')}::bigint[],
                ${column(rows, 'persentase')}::numeric[], ${column(rows, 'tipe')}::text[], ${column(rows, 'jaminan')}::text[],
                ${column(rows, 'keterangan')}::text[], ${column(rows, 'durasi_angsuran')}::int[], ${column(rows, 'status')}::text[],
                ${column(rows, 'sisa_pokok')}::bigint[], ${column(rows, 'sisa_margin')}::bigint[], ${column(rows, 'total_pembayaran')}::bigint[],
                ${column(rows, 'angsuran_per_bulan')}::bigint[], ${column(rows, 'created_at')}::timestamptz[])
      as t(id, nasabah_id, nasabah_nama, nasabah_nik, nomor_pinjaman, urutan_pinjaman, tanggal_pinjam, jumlah, persentase,
           tipe, jaminan, keterangan, durasi_angsuran, status, sisa_pokok, sisa_margin, total_pembayaran, angsuran_per_bulan,
           created_at)`.execute(db);
}

async function insertPembayaran(db: Kysely<DB>, rows: PembayaranValues[], userId: number | null) {
  await sql`
    insert into pembayaran (id, pinjaman_id, tanggal, jumlah, jenis, keterangan, angsuran_ke, created_by, updated_by,
                            created_at, updated_at)
    select id, pinjaman_id, tanggal, jumlah, jenis, keterangan, angsuran_ke, ${userId}::int, ${userId}::int,
           created_at, created_at
    from unnest(${column(rows, 'id')}::int[], ${column(rows, 'pinjaman_id')}::int[], ${column(rows, 'tanggal')}::date[],
                ${column(rows, 'jumlah')}::bigint[], ${column(rows, 'jenis')}::text[], ${column(rows, 'keterangan')}::text[],
                ${column(rows, 'angsuran_ke')}::int[], ${column(rows, 'created_at')}::timestamptz[])
      as t(id, pinjaman_id, tanggal, jumlah, jenis, keterangan, angsuran_ke, created_at)`.execute(db);
}

/** Rows already in the business tables (deleted ones included). */
export async function countBusinessRows(db: Kysely<DB>): Promise<ScaleCounts> {
  const { rows } = await sql<{ nasabah: number; pinjaman: number; pembayaran: number }>`
    select (select count(*) from nasabah)::int as nasabah, (select count(*) from pinjaman)::int as pinjaman,
           (select count(*) from pembayaran)::int as pembayaran`.execute(db);
  return rows[0]!;
}

/** Empties customers, loans, payments with their receipt numbers and the activity log (ids restart at 1); users stay. */
export async function resetBusinessTables(db: Kysely<DB>) {
  await sql`truncate table mutasi_pinjaman, kwitansi_pembayaran, kwitansi_pembayaran_counters, pembayaran, pinjaman, nasabah, activities restart identity`.execute(
    db,
  );
}

/**
 * Bulk-loads generated data into empty business tables with multi-row INSERT … SELECT FROM
 * unnest(arrays) statements (one round trip per `rowsPerStatement` rows, same SQL on PGlite and
 * PostgreSQL), one transaction per chunk of customers, with the secondary indexes dropped during
 * the load and rebuilt from their own definitions after it; then moves the id sequences past the
 * loaded ids and records one activity describing the import. Call ANALYZE afterwards.
 */
export async function loadScaleData(
  db: Kysely<DB>,
  options: ScaleOptions,
  onProgress: (written: ScaleCounts, phase: 'rows' | 'indexes') => void = () => {},
): Promise<ScaleCounts> {
  const written: ScaleCounts = { nasabah: 0, pinjaman: 0, pembayaran: 0 };
  const tables = ['nasabah', 'pinjaman', 'pembayaran'] as const;
  const indexes = await dropSecondaryIndexes(db, tables);
  // The counter triggers (migration 2026_11_22_1200) would update a counter row per loaded row;
  // they are off during the load and the counters are recomputed once afterwards.
  await setUserTriggers(db, tables, false);
  try {
    await loadRows(db, options, written, onProgress);
  } finally {
    onProgress({ ...written }, 'indexes');
    await recreateIndexes(db, indexes);
    await setUserTriggers(db, tables, true);
    await sql`select stat_counters_rebuild()`.execute(db);
    // Receipt numbers (migration 2026_11_29_0900) come from a trigger that was off as well.
    await sql`select kwitansi_pembayaran_number_missing()`.execute(db);
    // Remembered search totals (modules/nasabah) are stale now: the triggers that say so were off.
    await sql`update data_versions set version = version + 1 where name = 'nasabah_search'`.execute(db);
  }
  for (const table of ['nasabah', 'pinjaman', 'pembayaran'] as const) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
  await db
    .insertInto('activities')
    .values({
      type: 'data.import',
      description: `Impor data skala: ${written.nasabah} nasabah, ${written.pinjaman} pinjaman, ${written.pembayaran} pembayaran`,
      category: 'other',
      user_id: options.userId,
    })
    .execute();
  return written;
}

async function loadRows(
  db: Kysely<DB>,
  options: ScaleOptions,
  written: ScaleCounts,
  onProgress: (written: ScaleCounts, phase: 'rows' | 'indexes') => void,
) {
  const per = options.rowsPerStatement ?? 5000;
  for (const part of generateScaleData(options)) {
    await db.transaction().execute(async (trx) => {
      for (let at = 0; at < part.nasabah.length; at += per)
        await insertNasabah(trx, part.nasabah.slice(at, at + per), options.userId);
      written.nasabah += part.nasabah.length;
      for (let at = 0; at < part.pinjaman.length; at += per)
        await insertPinjaman(trx, part.pinjaman.slice(at, at + per), options.userId);
      written.pinjaman += part.pinjaman.length;
      onProgress({ ...written }, 'rows');
      for (let at = 0; at < part.pembayaran.length; at += per) {
        const rows = part.pembayaran.slice(at, at + per);
        await insertPembayaran(trx, rows, options.userId);
        written.pembayaran += rows.length;
        onProgress({ ...written }, 'rows');
      }
    });
  }
}

/** Refreshes the planner statistics (and, where it matters, the visibility map) after a bulk load. */
export async function analyzeBusinessTables(db: Kysely<DB>) {
  await sql`vacuum analyze nasabah, pinjaman, pembayaran, activities`.execute(db);
}
