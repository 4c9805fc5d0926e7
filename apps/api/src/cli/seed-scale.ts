// `npm run seed:scale -- --nasabah 100000 [--pinjaman N] [--pembayaran N] [--reset] [--today YYYY-MM-DD]`
// Bulk-loads deterministic scale data (for `npm run bench`) into PostgreSQL when DATABASE_URL is
// set, otherwise into PGlite under DATA_DIR, which defaults to ./data-scale for this command so
// that the developer's ./data is never touched. Refuses to load over existing data unless --reset.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { todayJakarta, isIsoDate } from '@mizan/core';
import { ConfigError, loadConfig } from '../config';
import { DatabaseOpenError } from '../db/database';
import { openDatabase } from '../app';
import { generatePassword } from '../lib/password';
import { ensureFirstAdmin } from '../modules/auth/auth.service';
import { analyzeBusinessTables, countBusinessRows, loadScaleData, resetBusinessTables } from '../db/seed/scale';
import { forgetLedgerRuns, runDailyLedger } from '../modules/ledger/ledger.service';
import { BACKFILL_JOB, backfillLoanEvents } from '../modules/mutasi/mutasi.service';
import { JURNAL_BACKFILL_BATCH, backfillJournals } from '../modules/akuntansi/akuntansi.service';
import { deleteRuns } from '../db/job-runs';

const usage = `Pemakaian:
  npm run seed:scale -- --nasabah 100000 [--pinjaman N] [--pembayaran N] [--reset] [--today YYYY-MM-DD]
Bawaan: pinjaman = 3 × nasabah, pembayaran = 10 × pinjaman. Tujuan: DATABASE_URL bila diisi,
selain itu PGlite di DATA_DIR (bawaan perintah ini: ./data-scale).`;

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/[_.]/g, ''));
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 50_000_000) {
    throw new ConfigError([`--${name} harus bilangan bulat 0-50.000.000 (sekarang: "${value}")`]);
  }
  return parsed;
}

async function main() {
  const { values } = parseArgs({
    options: {
      nasabah: { type: 'string' },
      pinjaman: { type: 'string' },
      pembayaran: { type: 'string' },
      today: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || values.nasabah === undefined) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const nasabah = count('nasabah', values.nasabah, 0);
  if (nasabah < 1) throw new ConfigError(['--nasabah minimal 1']);
  const pinjaman = count('pinjaman', values.pinjaman, nasabah * 3);
  const pembayaran = count('pembayaran', values.pembayaran, pinjaman * 10);
  const today = values.today ?? todayJakarta();
  if (!isIsoDate(today)) throw new ConfigError([`--today harus tanggal YYYY-MM-DD (sekarang: "${today}")`]);

  const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR?.trim() || path.join(repoRoot, 'data-scale') });
  const target = config.databaseUrl
    ? `PostgreSQL ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}`
    : `PGlite ${config.dataDir}`;
  console.log(`Tujuan: ${target}`);
  const handle = await openDatabase(config);
  try {
    const existing = await countBusinessRows(handle.db);
    if (existing.nasabah + existing.pinjaman + existing.pembayaran > 0) {
      if (!values.reset) {
        console.log(
          `Database sudah berisi data (${existing.nasabah} nasabah, ${existing.pinjaman} pinjaman, ${existing.pembayaran} pembayaran); ` +
            'tidak ada yang diubah. Jalankan dengan --reset untuk menghapus dan memuat ulang.',
        );
        return;
      }
      console.log('--reset: menghapus nasabah, pinjaman, pembayaran dan log aktivitas lama (pengguna tetap).');
      await resetBusinessTables(handle.db);
    }

    const admin = await ensureFirstAdmin(handle.db, config.adminUsername, config.adminPassword, generatePassword);
    if (admin.generatedPassword) {
      console.log(`Akun administrator pertama dibuat: ${config.adminUsername} / ${admin.generatedPassword} (simpan sekarang).`);
    }
    const author = await handle.db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').executeTakeFirst();

    const totalRows = nasabah + pinjaman + pembayaran;
    const bar = new SingleBar(
      {
        format: '{bar} {percentage}% | {value}/{total} baris | {rate} baris/dtk | {detail}',
        hideCursor: true,
        etaBuffer: 50,
        // Piped into a log (CI, nohup): one line every 10 s instead of a redrawn bar.
        noTTYOutput: true,
        notTTYSchedule: 10_000,
      },
      Presets.shades_classic,
    );
    const started = performance.now();
    const rate = (rows: number) => Math.round(rows / Math.max(0.001, (performance.now() - started) / 1000));
    bar.start(totalRows, 0, { rate: 0, detail: '' });
    const written = await loadScaleData(
      handle.db,
      { nasabah, pinjaman, pembayaran, today, userId: author?.id ?? null },
      (w, phase) => {
        const rows = w.nasabah + w.pinjaman + w.pembayaran;
        const detail =
          phase === 'indexes'
            ? 'membangun ulang indeks…'
            : `${w.nasabah} nasabah, ${w.pinjaman} pinjaman, ${w.pembayaran} pembayaran`;
        bar.update(rows, { rate: rate(rows), detail });
      },
    );
    const rows = written.nasabah + written.pinjaman + written.pembayaran;
    bar.update(rows, { rate: rate(rows) });
    bar.stop();
    const loadSeconds = (performance.now() - started) / 1000;
    console.log('ANALYZE (statistik perencana kueri)…');
    await analyzeBusinessTables(handle.db);
    const analyzedAt = performance.now();
    // The loans' ledger summaries for the reference date: the daily job's own run (issue 23), so
    // a server started on this data does not do it first, and its duration at scale is printed.
    console.log(`Tunggakan dan kolektibilitas per ${today} (job harian)…`);
    await forgetLedgerRuns(handle.db);
    const ledger = await runDailyLedger(handle.db, today);
    const ledgerSeconds = (performance.now() - analyzedAt) / 1000;
    // Every loan's money events, derived from its payments as the migration's job does for the
    // loans recorded before the money module (issue 47: the bench row of that job).
    console.log('Mutasi pinjaman (akad dan setiap pembayaran)…');
    const eventsStarted = performance.now();
    await deleteRuns(handle.db, BACKFILL_JOB);
    const derived = await backfillLoanEvents(handle.db, today, { kind: handle.kind });
    // Written with their journals (issue 48): the books' own back-fill finds nothing left and is done.
    await backfillJournals(handle.db, { batch: JURNAL_BACKFILL_BATCH[handle.kind] });
    const eventsSeconds = (performance.now() - eventsStarted) / 1000;
    const totalSeconds = (performance.now() - started) / 1000;
    console.log(
      `Selesai: ${written.nasabah} nasabah, ${written.pinjaman} pinjaman, ${written.pembayaran} pembayaran ` +
        `(tanggal acuan ${today}) dalam ${totalSeconds.toFixed(1)} dtk ` +
        `(muat ${loadSeconds.toFixed(1)} dtk, ${Math.round(rows / loadSeconds)} baris/dtk; ` +
        `ANALYZE ${((analyzedAt - started) / 1000 - loadSeconds).toFixed(1)} dtk; ` +
        `job harian ${ledger.processed} pinjaman belum lunas ${ledgerSeconds.toFixed(1)} dtk; ` +
        `mutasi ${derived ?? 0} pinjaman ${eventsSeconds.toFixed(1)} dtk).`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    console.error(usage);
  } else if (error instanceof DatabaseOpenError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
