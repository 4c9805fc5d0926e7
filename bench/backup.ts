// The `backup` row of `npm run bench` (issue 29), and on its own the backup round trip of
// `npm run test:long`:
//
//   tsx bench/backup.ts                  # on the scale data (DATABASE_URL, else DATA_DIR or ./data-scale)
//   tsx bench/backup.ts --nasabah 10000  # seeds a fresh PGlite folder of that size first (CI)
//   tsx bench/backup.ts --api-only       # only GET /api/backup on the running server (memory, latencies)
//
// 1. While the real server streams GET /api/backup to a file, list requests are sent one after
//    another; their latencies (p50/p99/max) say whether the server keeps answering.
// 2. With the server stopped, `npm run backup` and `npm run restore` (the real commands) back the
//    database up and restore it into an empty place (a new PGlite folder, or a new PostgreSQL
//    database on the same server); their time and memory (peak over the process's size when the
//    database was open, as the commands print it).
// 3. The restored database equals the original table by table (rows and SHA-256 of every table),
//    every receipt byte for byte, and every sequence's position (issue 46). Then it is USED: a
//    server started on it records a customer, a loan and a payment, which must take the numbers
//    after the original's. Exits 1 when anything differs or a target is not met.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/app';
import { sequencePositions, tableChecksums } from '../apps/api/src/lib/backup';
import { kwitansiDir } from '../apps/api/src/lib/file-storage';
import { BENCH_USERNAME, prepareDatabase } from './prepare';
import { murabahahPayload, nasabahPayload } from '../e2e/support/data';
import { benchServerEnv, root, startServer, tsxBin } from './processes';

/**
 * Targets at 100 000 customers (issue 29): seconds and MB of memory growth; and the p99 of the list
 * requests sent while GET /api/backup runs (the server keeps answering: a PGlite server pauses only
 * for the copy of its folder, docs/decisions/backup-snapshot.md).
 */
export const BACKUP_TARGETS = {
  pglite: { backupSeconds: 120, restoreSeconds: 180, growthMB: 300, listP99Ms: 1000 },
  postgres: { backupSeconds: 60, restoreSeconds: 120, growthMB: 300, listP99Ms: 1000 },
};

/** The bench servers' METRICS_TOKEN: GET /metrics is measured like any route and tells the server's memory. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The server's memory around GET /api/backup (issue 46): growth while it runs, and what is left after it. */
export const API_BACKUP_MEMORY_TARGETS = { growthMB: 300, leftMB: 50 };

export interface ApiBackupFigures {
  seconds: number;
  bytes: number;
  /** The server's resident memory (from its /metrics): before, the highest seen during, and settled after. */
  memory: { beforeMB: number; peakMB: number; afterMB: number };
  listRequests: number;
  listP50: number;
  listP99: number;
  listMax: number;
}

export interface CliFigures {
  seconds: number;
  /** Peak resident memory over the process's size when the database was open. */
  growthMB: number;
  peakMB: number;
  output: string;
}

export interface BackupFigures {
  kind: 'pglite' | 'postgres';
  rows: number;
  api: ApiBackupFigures | null;
  backup: CliFigures;
  restore: CliFigures;
  archiveBytes: number;
  equal: boolean;
  differences: string[];
  /** Targets apply at 100 000 customers; smaller runs check equality and memory only. */
  status: 'met' | 'NOT MET' | 'equal' | 'DIFFERENT';
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The server's resident memory in MB, from its own /metrics (the server runs with BENCH_METRICS_TOKEN). */
async function serverMemoryMB(baseURL: string): Promise<number> {
  const res = await fetch(`${baseURL}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  const text = await res.text();
  const line = /^process_resident_memory_bytes (\S+)$/m.exec(text);
  if (!res.ok || !line) throw new Error(`GET /metrics tanpa process_resident_memory_bytes: ${res.status}`);
  return Math.round(Number(line[1]) / 2 ** 20);
}

/**
 * The list requests run before the backup until the server's memory is steady: grown by less than
 * WARM_UP_STEADY_MB over the last WARM_UP_WINDOW_MS (at most WARM_UP_MAX_MS). The database's page
 * cache fills with the pages those requests read (PGlite's WebAssembly memory then stays at its
 * size): a day's work, not the backup's.
 */
const WARM_UP_WINDOW_MS = 30_000;
const WARM_UP_STEADY_MB = 10;
const WARM_UP_MAX_MS = 600_000;

/**
 * Streams GET /api/backup into a file while timing list requests sent one after another, and
 * follows the server's memory: before, every half second during, and after (the lowest of the ten
 * seconds after the download, by when a server that gives its memory back has done so). The same
 * list requests run first until the server's memory is steady (WARM_UP_*), so that "before" is a
 * server that has served them.
 */
export async function measureApiBackup(baseURL: string, token: string, listPaths: string[]): Promise<ApiBackupFigures> {
  const auth = { authorization: `Bearer ${token}` };
  const warmUntil = performance.now() + WARM_UP_MAX_MS;
  let windowStart = await serverMemoryMB(baseURL);
  let windowEnds = performance.now() + WARM_UP_WINDOW_MS;
  for (let i = 0; performance.now() < warmUntil; i++) {
    const res = await fetch(`${baseURL}${listPaths[i % listPaths.length]}`, { headers: auth });
    await res.arrayBuffer();
    if (performance.now() < windowEnds) continue;
    const now = await serverMemoryMB(baseURL);
    if (now - windowStart < WARM_UP_STEADY_MB) break;
    windowStart = now;
    windowEnds = performance.now() + WARM_UP_WINDOW_MS;
  }
  const beforeMB = await serverMemoryMB(baseURL);
  let peakMB = beforeMB;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-bench-api-backup-')), 'api.tar.gz');
  const started = performance.now();
  let done = false;
  const download = (async () => {
    const res = await fetch(`${baseURL}/api/backup`, { headers: auth });
    if (!res.ok || !res.body) throw new Error(`GET /api/backup: ${res.status}`);
    let bytes = 0;
    const out = fs.createWriteStream(file);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return bytes;
  })().finally(() => (done = true));
  const sampling = (async () => {
    while (!done) {
      peakMB = Math.max(peakMB, await serverMemoryMB(baseURL));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const latencies: number[] = [];
  let i = 0;
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${baseURL}${listPaths[i++ % listPaths.length]}`, { headers: auth });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`list during backup: ${res.status}`);
    latencies.push(performance.now() - t0);
  }
  const bytes = await download;
  const seconds = (performance.now() - started) / 1000;
  await sampling;
  let afterMB = Infinity;
  for (let k = 0; k < 10; k++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    afterMB = Math.min(afterMB, await serverMemoryMB(baseURL));
  }
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    bytes,
    memory: { beforeMB, peakMB: Math.max(peakMB, afterMB), afterMB },
    listRequests: latencies.length,
    listP50: quantile(latencies, 0.5),
    listP99: quantile(latencies, 0.99),
    listMax: latencies.at(-1) ?? 0,
  };
}

async function runCli(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CliFigures> {
  const started = performance.now();
  const child = spawn(tsxBin, [path.join(root, `apps/api/src/cli/${script}.ts`), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`npm run ${script} gagal (${code}):\n${output.slice(-3000)}`);
  const memory = /memori: (\d+) MB saat database terbuka, puncak (\d+) MB \(\+(-?\d+) MB\)/.exec(output);
  if (!memory) throw new Error(`npm run ${script} tidak mencetak memorinya:\n${output.slice(-2000)}`);
  return { seconds, peakMB: Number(memory[2]), growthMB: Number(memory[3]), output };
}

const sha256File = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function receiptsOf(dataDir: string): Record<string, string> {
  const dir = kwitansiDir(dataDir);
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .sort()
      .map((name) => [name, sha256File(path.join(dir, name))]),
  );
}

/** Rows and SHA-256 of every table, where every sequence stands, and the largest ids staff add to. */
async function stateOf(env: Record<string, string>) {
  const handle = await openDatabase(loadConfig({ ...process.env, ...env }));
  try {
    const largest = async (table: 'nasabah' | 'pinjaman' | 'pembayaran') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );
    return {
      checksums: await tableChecksums(handle.db),
      sequences: await sequencePositions(handle.db),
      largest: {
        nasabah: await largest('nasabah'),
        pinjaman: await largest('pinjaman'),
        pembayaran: await largest('pembayaran'),
      },
    };
  } finally {
    await handle.close();
  }
}

/**
 * Starts the real server on the restored database and records a customer, a loan and a payment
 * through the API, as staff do on the morning after a restore. Answers what went wrong, if anything.
 */
async function useRestored(
  env: Record<string, string>,
  password: string,
  largest: { nasabah: number; pinjaman: number; pembayaran: number },
): Promise<string[]> {
  const server = await startServer(path.join(root, 'apps/api/src/server.ts'), benchServerEnv(env), '/api/health');
  try {
    const headers = { authorization: `Bearer ${await login(server.baseURL, password)}`, 'content-type': 'application/json' };
    const post = async (url: string, body: Record<string, unknown>) => {
      const res = await fetch(`${server.baseURL}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const answer = (await res.json()) as { data?: { id: number } };
      if (res.status !== 201)
        throw new Error(`POST ${url} sesudah pemulihan: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
      return answer.data!.id;
    };
    const problems: string[] = [];
    const nasabah = await post('/api/nasabah', nasabahPayload('Nasabah Sesudah Pemulihan', 77_777));
    const pinjaman = await post('/api/pinjaman', murabahahPayload(nasabah, 'PULIH-1', '2026-01-31'));
    const pembayaran = await post('/api/pembayaran', {
      pinjaman_id: pinjaman,
      tanggal: '2026-02-27',
      jumlah: 1_240_000,
      jenis: 'angsuran',
      keterangan: null,
      angsuran_ke: 1,
    });
    for (const [table, id] of Object.entries({ nasabah, pinjaman, pembayaran }) as [keyof typeof largest, number][])
      if (id !== largest[table] + 1) problems.push(`${table} baru bernomor ${id}, bukan ${largest[table] + 1}`);
    return problems;
  } catch (error) {
    return [(error as Error).message];
  } finally {
    await server.stop();
  }
}

/**
 * Backs up the database of `env` (its server stopped) with `npm run backup`, restores it with
 * `npm run restore` into an empty place, and compares the two.
 */
export async function measureCliRoundTrip(
  env: Record<string, string>,
  kind: 'pglite' | 'postgres',
  api: ApiBackupFigures | null,
  password: string,
): Promise<BackupFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-bench-backup-'));
  const sourceDataDir = env.DATA_DIR ?? path.join(root, 'data-scale');
  let restoreDb: string | null = null;
  try {
    console.log('  npm run backup…');
    const backup = await runCli('backup', ['--out', path.join(work, 'out')], env);
    const [archiveName] = fs.readdirSync(path.join(work, 'out'));
    const archive = path.join(work, 'out', archiveName!);
    const archiveBytes = fs.statSync(archive).size;

    const targetEnv: Record<string, string> = { ...env, DATA_DIR: path.join(work, 'restored') };
    if (kind === 'postgres') {
      const url = new URL(env.DATABASE_URL!);
      restoreDb = `mizan_bench_restore_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`create database ${restoreDb}`);
      await admin.end();
      url.pathname = `/${restoreDb}`;
      targetEnv.DATABASE_URL = url.toString();
    }
    console.log('  npm run restore…');
    const restore = await runCli('restore', [archive], targetEnv);

    console.log('  membandingkan tabel, sequence dan file kwitansi…');
    const [original, restored] = [await stateOf(env), await stateOf(targetEnv)];
    const [before, after] = [original.checksums, restored.checksums];
    const differences: string[] = [];
    for (const [name, next] of Object.entries(original.sequences))
      if (restored.sequences[name] !== next)
        differences.push(`sequence ${name}: berikutnya ${next} → ${restored.sequences[name]}`);
    for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const [a, b] = [before[table], after[table]];
      if (!a || !b || a.rows !== b.rows || a.sha256 !== b.sha256)
        differences.push(
          `${table}: ${a?.rows ?? '-'} → ${b?.rows ?? '-'} baris${a && b && a.rows === b.rows ? ', isi berbeda' : ''}`,
        );
    }
    const [filesBefore, filesAfter] = [receiptsOf(sourceDataDir), receiptsOf(targetEnv.DATA_DIR!)];
    if (JSON.stringify(filesBefore) !== JSON.stringify(filesAfter))
      differences.push(`kwitansi: ${Object.keys(filesBefore).length} → ${Object.keys(filesAfter).length} file atau isi berbeda`);
    console.log('  memakai database hasil pemulihan (nasabah, pinjaman, pembayaran baru)…');
    differences.push(...(await useRestored(targetEnv, password, original.largest)));
    const rows = Object.values(before).reduce((a, t) => a + t.rows, 0);
    const figures: BackupFigures = {
      kind,
      rows,
      api,
      backup,
      restore,
      archiveBytes,
      equal: differences.length === 0,
      differences,
      status: 'equal',
    };
    figures.status = statusOf(figures, (before.nasabah?.rows ?? 0) >= 100_000);
    return figures;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    if (restoreDb) {
      const admin = new pg.Client({ connectionString: env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${restoreDb} with (force)`);
      await admin.end();
    }
  }
}

function statusOf(f: BackupFigures, atScale: boolean): BackupFigures['status'] {
  if (!f.equal) return 'DIFFERENT';
  const target = BACKUP_TARGETS[f.kind];
  const growth = (m: ApiBackupFigures['memory']) => m.peakMB - m.beforeMB;
  const memoryOk =
    f.backup.growthMB < target.growthMB &&
    f.restore.growthMB < target.growthMB &&
    (!f.api || growth(f.api.memory) < API_BACKUP_MEMORY_TARGETS.growthMB);
  if (!atScale) return memoryOk ? 'equal' : 'NOT MET';
  // At scale the server must also give back what the backup took (small runs stay within the
  // heap's ordinary swings, so they are not judged on it).
  const givenBack = !f.api || f.api.memory.afterMB - f.api.memory.beforeMB <= API_BACKUP_MEMORY_TARGETS.leftMB;
  const answering = !f.api || f.api.listP99 <= target.listP99Ms;
  return memoryOk &&
    givenBack &&
    answering &&
    f.backup.seconds <= target.backupSeconds &&
    f.restore.seconds <= target.restoreSeconds
    ? 'met'
    : 'NOT MET';
}

export function backupLines(f: BackupFigures): string[] {
  const t = BACKUP_TARGETS[f.kind];
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const lines = [
    `backup  ${f.kind}, ${f.rows} baris, arsip ${mb(f.archiveBytes)}: ${f.status}`,
    `  npm run backup   ${f.backup.seconds.toFixed(1)} s (target ≤ ${t.backupSeconds} s), memori +${f.backup.growthMB} MB (puncak ${f.backup.peakMB} MB; target < ${t.growthMB})`,
    `  npm run restore  ${f.restore.seconds.toFixed(1)} s (target ≤ ${t.restoreSeconds} s), memori +${f.restore.growthMB} MB (puncak ${f.restore.peakMB} MB; target < ${t.growthMB})`,
    `  sama dengan aslinya dan bisa dipakai: ${f.equal ? 'ya (baris dan SHA-256 tiap tabel, posisi tiap sequence, tiap file kwitansi; nasabah, pinjaman dan pembayaran baru bernomor sesudah yang lama)' : `TIDAK: ${f.differences.join('; ')}`}`,
  ];
  if (f.api)
    lines.push(
      `  GET /api/backup  ${f.api.seconds.toFixed(1)} s, ${mb(f.api.bytes)}; selama itu ${f.api.listRequests} permintaan daftar: ` +
        `p50 ${f.api.listP50.toFixed(0)} ms, p99 ${f.api.listP99.toFixed(0)} ms (target ≤ ${t.listP99Ms} ms), maks ${f.api.listMax.toFixed(0)} ms`,
      `  memori server selama GET /api/backup: ${f.api.memory.beforeMB} MB sebelum, puncak ${f.api.memory.peakMB} MB ` +
        `(+${f.api.memory.peakMB - f.api.memory.beforeMB} MB; target < ${API_BACKUP_MEMORY_TARGETS.growthMB}), ` +
        `${f.api.memory.afterMB} MB sesudah (+${f.api.memory.afterMB - f.api.memory.beforeMB} MB; target ≤ ${API_BACKUP_MEMORY_TARGETS.leftMB})`,
    );
  return lines;
}

/** List pages staff open, for the requests sent during the API backup. */
export const LIST_PATHS = [
  '/api/nasabah?page=1&limit=20',
  '/api/pinjaman?page=1&limit=20',
  '/api/pembayaran?page=1&limit=20',
  '/api/nasabah?page=50&limit=20',
];

async function login(baseURL: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USERNAME, password }),
  });
  if (!res.ok) throw new Error(`login bench: ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Puts a few receipt files on loans, so that the round trip carries files too. */
async function addReceipts(dataDir: string, count: number) {
  const handle = await openDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }));
  try {
    const loans = await handle.db.selectFrom('pinjaman').select('id').orderBy('id').limit(count).execute();
    const dir = kwitansiDir(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    for (const loan of loans) {
      const name = `${crypto.randomBytes(16).toString('hex')}.pdf`;
      fs.writeFileSync(path.join(dir, name), Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(20_000 + loan.id)]));
      await handle.db.updateTable('pinjaman').set({ kwitansi: name }).where('id', '=', loan.id).execute();
    }
  } finally {
    await handle.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { nasabah: { type: 'string' }, 'skip-api': { type: 'boolean' }, 'api-only': { type: 'boolean' } },
  });
  let cleanupDir: string | null = null;
  if (values.nasabah) {
    cleanupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-backup-roundtrip-'));
    process.env.DATA_DIR = cleanupDir;
    process.env.DATABASE_URL = '';
    console.log(`Mengisi ${cleanupDir} dengan ${values.nasabah} nasabah…`);
    const seeded = await new Promise<number | null>((resolve) =>
      spawn(tsxBin, [path.join(root, 'apps/api/src/cli/seed-scale.ts'), '--nasabah', values.nasabah!], {
        cwd: root,
        env: process.env,
        stdio: ['ignore', 'ignore', 'inherit'],
      }).on('exit', resolve),
    );
    if (seeded !== 0) throw new Error('seed:scale gagal');
    await addReceipts(cleanupDir, 25);
  }
  try {
    const prepared = await prepareDatabase();
    console.log(
      `Cadangan ${prepared.kind} (${prepared.location}): ${prepared.counts.nasabah} nasabah, ${prepared.counts.pembayaran} pembayaran`,
    );
    let api: ApiBackupFigures | null = null;
    if (!values['skip-api']) {
      const server = await startServer(
        path.join(root, 'apps/api/src/server.ts'),
        benchServerEnv({ ...prepared.env, METRICS_TOKEN: BENCH_METRICS_TOKEN }),
        '/api/health',
      );
      try {
        console.log('  GET /api/backup sambil membuka daftar…');
        api = await measureApiBackup(server.baseURL, await login(server.baseURL, prepared.password), LIST_PATHS);
      } finally {
        await server.stop();
      }
    }
    if (values['api-only'] && api) {
      // Only GET /api/backup while the server answers (its memory and the list latencies).
      const m = api.memory;
      console.log(
        `GET /api/backup ${api.seconds.toFixed(1)} s; list p99 ${api.listP99.toFixed(0)} ms, max ${api.listMax.toFixed(0)} ms; ` +
          `memory ${m.beforeMB} MB before, peak ${m.peakMB} MB (+${m.peakMB - m.beforeMB}; target < ${API_BACKUP_MEMORY_TARGETS.growthMB}), ` +
          `${m.afterMB} MB after (+${m.afterMB - m.beforeMB}; target ≤ ${API_BACKUP_MEMORY_TARGETS.leftMB})`,
      );
      return;
    }
    const figures = await measureCliRoundTrip(prepared.env, prepared.kind, api, prepared.password);
    for (const line of backupLines(figures)) console.log(line);
    if (figures.status === 'DIFFERENT' || figures.status === 'NOT MET') process.exitCode = 1;
  } finally {
    if (cleanupDir) fs.rmSync(cleanupDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
