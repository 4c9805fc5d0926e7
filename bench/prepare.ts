import crypto from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/app';
import { hashPassword } from '../apps/api/src/lib/password';
import { countBusinessRows, type ScaleCounts } from '../apps/api/src/db/seed/scale';
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
}

export class NoScaleDataError extends Error {}

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
    };
  } finally {
    await handle.close();
  }
}
