import crypto from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/app';
import { hashPassword } from '../apps/api/src/lib/password';
import { countBusinessRows, type ScaleCounts } from '../apps/api/src/db/seed/scale';
import { sql, type Kysely } from 'kysely';
import { backfillLoanEvents } from '../apps/api/src/modules/mutasi/mutasi.service';
import { JURNAL_BACKFILL_BATCH, backfillJournals } from '../apps/api/src/modules/akuntansi/akuntansi.service';
import { BACKFILL_BATCH, backfillMonthEnds } from '../apps/api/src/modules/portfolio/portfolio.service';
import { todayJakarta } from '@mizan/core';
import type { DB } from '../apps/api/src/db/schema';
import { root } from './processes';

export const BENCH_USERNAME = 'bench';

export interface Prepared {
  kind: 'pglite' | 'postgres';
  /** Where the data is: the PGlite folder, or the PostgreSQL URL without credentials. */
  location: string;
  env: Record<string, string>;
  counts: ScaleCounts;
  password: string;
  /** Living loans with status aktif: the POST /api/pembayaran scenario pays into them in turn. */
  aktifLoanIds: number[];
  /** Eight digits from the middle of one customer's NIK: a selective search. */
  nikFragment: string;
  /** The same eight digits of every customer's NIK, for a different search each request. */
  nikFragments: string[];
  /** The last day before today with payments in the scale data: Rekap Harian of a working day. */
  busyDay: string;
}

export class NoScaleDataError extends Error {}

/** Rows of the WhatsApp message log the benchmark lists (about a year of a busy institution's messages). */
export const MESSAGE_LOG_ROWS = 200_000;

/**
 * Fills the message log up to MESSAGE_LOG_ROWS rows (keys `bench:<n>`, one every 157 s back over
 * about a year): mostly notifications SENT to four staff recipients, a tenth test messages, one in
 * fifty FAILED, one in ninety-seven UNCERTAIN. Idempotent: only the missing rows are written.
 */
async function fillMessageLog(db: Kysely<DB>) {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from wa_messages where idempotency_key like 'bench:%'`.execute(db);
  const have = rows[0]?.n ?? 0;
  if (have >= MESSAGE_LOG_ROWS) return;
  await sql`
    insert into wa_messages (idempotency_key, recipient_id, phone_number, nama, text, status, jenis, acara, attempts, error, created_at, updated_at)
    select 'bench:' || g, null, '6281234567' || lpad((g % 4)::text, 3, '0'),
           (array['Kepala Cabang', 'Manajer Pembiayaan', 'Petugas Lapangan 1', 'Bagian Keuangan'])[1 + g % 4],
           '[BMT Mizan Syariah] Pembayaran baru: Nasabah ' || g || ', A' || (g % 9000) || ', Angsuran Rp 1.240.000 tanggal 15 Juni 2026. Sisa pokok Rp 8.760.000. Dicatat oleh Administrator.',
           case when g % 50 = 0 then 'FAILED' when g % 97 = 0 then 'UNCERTAIN' else 'SENT' end,
           case when g % 10 = 0 then 'test' else 'notifikasi' end,
           case when g % 10 = 0 then null else 'pembayaran_baru' end,
           1,
           case when g % 50 = 0 then 'Koneksi WhatsApp terputus' when g % 97 = 0 then 'Tidak pasti' else null end,
           now() - g * interval '157 seconds', now() - g * interval '157 seconds'
    from generate_series(${have + 1}::int, ${MESSAGE_LOG_ROWS}::int) as g`.execute(db);
  await sql`analyze wa_messages`.execute(db);
}

/**
 * Opens the scale database (DATABASE_URL, else PGlite at DATA_DIR or ./data-scale), checks that
 * `npm run seed:scale` filled it, and gives the benchmark its own administrator `bench` with a
 * fresh random password (nothing to configure, nothing reusable left behind). Closes it again:
 * PGlite is one process's database, and the server is about to open it.
 */
export async function prepareDatabase(): Promise<Prepared> {
  const dataDir = process.env.DATA_DIR?.trim() || path.join(root, 'data-scale');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const handle = await openDatabase(config);
  try {
    const counts = await countBusinessRows(handle.db);
    if (counts.nasabah === 0) {
      throw new NoScaleDataError(
        `Database benchmark kosong (${config.databaseUrl ? 'DATABASE_URL' : dataDir}). Isi dulu dengan:\n` +
          `  ${config.databaseUrl ? 'DATABASE_URL=… ' : ''}npm run seed:scale -- --nasabah 100000\nlalu jalankan lagi npm run bench.`,
      );
    }
    await fillMessageLog(handle.db);
    // What a server does in the background at its first start on this data (the money events of
    // loans recorded before them, the portfolio's past month-ends: a minute or more at this scale)
    // is done here, so that no row measures its requests beside that work. Both resume and do
    // nothing once done; bench/mutasi-job.ts and bench/portfolio-job.ts measure them on their own.
    await backfillLoanEvents(handle.db, todayJakarta());
    await backfillJournals(handle.db, { batch: JURNAL_BACKFILL_BATCH[config.databaseUrl ? 'postgres' : 'pglite'] });
    await backfillMonthEnds(handle.db, todayJakarta(), { batch: BACKFILL_BATCH[config.databaseUrl ? 'postgres' : 'pglite'] });
    const password = crypto.randomBytes(18).toString('base64url');
    const passwordHash = await hashPassword(password);
    const existing = await handle.db.selectFrom('users').select('id').where('username', '=', BENCH_USERNAME).executeTakeFirst();
    if (existing) {
      await handle.db
        .updateTable('users')
        .set({ password_hash: passwordHash, is_active: true, role: 'admin' })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await handle.db
        .insertInto('users')
        .values({ username: BENCH_USERNAME, nama_lengkap: 'Benchmark', role: 'admin', password_hash: passwordHash })
        .execute();
    }
    await handle.db
      .deleteFrom('login_attempts')
      .where('key', 'in', [`u:${BENCH_USERNAME}`, 'ip:127.0.0.1'])
      .execute();
    const loans = await handle.db
      .selectFrom('pinjaman')
      .select('id')
      .where('status', '=', 'aktif')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(5000)
      .execute();
    const lastPaid = await handle.db
      .selectFrom('pembayaran')
      .select('tanggal')
      .where('deleted_at', 'is', null)
      .where('tanggal', '<', todayJakarta())
      .orderBy('tanggal', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const niks = await handle.db
      .selectFrom('nasabah')
      .select('nik')
      .where('nik', 'is not', null)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    return {
      kind: config.databaseUrl ? 'postgres' : 'pglite',
      location: config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//') : dataDir,
      // DATA_DIR also holds the token secret file on PostgreSQL: keep it away from ./data.
      env: { DATA_DIR: dataDir, DATABASE_URL: config.databaseUrl ?? '' },
      nikFragment: niks[Math.floor(counts.nasabah / 2)]?.nik?.slice(4, 12) ?? '3271',
      nikFragments: [...new Set(niks.map((row) => row.nik!.slice(4, 12)))],
      counts,
      password,
      aktifLoanIds: loans.map((l) => l.id),
      busyDay: lastPaid?.tanggal ?? todayJakarta(),
    };
  } finally {
    await handle.close();
  }
}
