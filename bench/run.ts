// `npm run bench`: the API under load on the prepared scale database, next to a bare Fastify
// hello-world measured in the same run, plus the browser figures of the built web app.
// Prints one table and writes bench/results/latest.json (and latest-<pglite|postgres>.json).
// Knobs: BENCH_DURATION (s per run, 5), BENCH_WARMUP (s, 3), BENCH_RUNS (3), BENCH_CONNECTIONS
// (10), BENCH_ONLY (regular expression on scenario ids: only those API rows and the baseline, no
// jobs, browser, exports, backup or import, written to bench/results/only-<kind>.json; a minute or
// two to measure one change), BENCH_ONLY=backup (only the backup rows), BENCH_SKIP_BROWSER=1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentMonthYearJakarta, todayJakarta } from '@mizan/core';
import type { LoadResult, LoadRun } from './autocannon-worker';
import { BENCH_USERNAME, MESSAGE_LOG_ROWS, NoScaleDataError, prepareDatabase, type Prepared } from './prepare';
import { root, runScript, startServer, type Started } from './processes';
import { buildWebApp, measureBrowser, type BrowserFigures } from './browser';
import { measurePhone, phoneLines, type PhoneFigures } from './phone';
import {
  BENCH_METRICS_TOKEN,
  backupLines,
  LIST_PATHS,
  measureApiBackup,
  measureCliRoundTrip,
  type ApiBackupFigures,
  type BackupFigures,
} from './backup';
import { TARGETS, type TargetKind } from './targets';
import { ledgerJobLines, measureLedgerJob, type LedgerJobFigures } from './ledger-job';
import { measureMutasiJob, mutasiJobLines, type MutasiJobFigures } from './mutasi-job';
import { measurePortfolioJob, portfolioJobLines, type PortfolioJobFigures } from './portfolio-job';
import { measureReminderJob, reminderJobLines, type ReminderJobFigures } from './reminder-job';
import { measureRekonsiliasiJob, rekonsiliasiJobLines, type RekonsiliasiJobFigures } from './rekonsiliasi-job';
import { measureKwitansiPdf, kwitansiPdfLines, type KwitansiPdfFigures } from './kwitansi-pdf';
import { exportLines, measureExports, type ExportRun } from './ekspor';

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 5);
const WARMUP = Number(env.BENCH_WARMUP ?? 3);
const RUNS = Math.max(3, Number(env.BENCH_RUNS ?? 3));
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const ONLY = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY) : null;

interface Scenario {
  id: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** true: the administrator's token; 'metrics': the bench server's METRICS_TOKEN. */
  auth: boolean | 'metrics';
  body?: string;
  bodies?: string[];
  /** GET paths handed out in turn, one per request (each run starts at a different place). */
  paths?: string[];
  /** A header with a new value on every request (`LoadRun.uniqueHeader`). */
  uniqueHeader?: string;
  connections?: number;
  target: TargetKind | null;
  /** Being built elsewhere: a 404 means "skipped (endpoint missing)", not a failure. */
  optional?: boolean;
  note?: string;
}

interface ScenarioResult {
  id: string;
  label: string;
  method: string;
  path: string;
  connections: number;
  status: 'met' | 'NOT MET' | 'no target' | 'skipped (endpoint missing)' | 'error';
  note?: string;
  requestsPerSecond?: number;
  p50?: number;
  p99?: number;
  ratio?: number;
  target?: number | null;
  eventLoopP99?: number | null;
  non2xx?: number;
  errors?: number;
  /** Median req/s of the baseline runs paired with this scenario's runs. */
  baselineRequestsPerSecond?: number | null;
  runs?: LoadResult[];
  baselineRuns?: LoadResult[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function load(run: LoadRun): Promise<LoadResult> {
  // The run (with up to 5000 request bodies) goes through a file: an argument list that long fails.
  const file = path.join(os.tmpdir(), `mizan-bench-run-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(run));
  try {
    const out = await runScript(path.join(root, 'bench/autocannon-worker.ts'), [file]);
    return JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * Warm-up, then RUNS measured runs; medians of req/s and latencies, worst event-loop p99. With a
 * baseline, every run is paired with a baseline run just before it and the ratio is the median of
 * the pairs' ratios: on a shared machine the load of the moment then weighs on both alike.
 */
async function measure(run: Omit<LoadRun, 'durationSeconds'>, baseline?: Omit<LoadRun, 'durationSeconds'>) {
  await load({ ...run, durationSeconds: WARMUP, eventLoopUrl: undefined });
  const runs: LoadResult[] = [];
  const baselineRuns: LoadResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (baseline) baselineRuns.push(await load({ ...baseline, durationSeconds: DURATION }));
    // With paths, the warm-up and each run take their own stretch of the list, so that no run
    // repeats a request another one made.
    const firstPath = run.paths ? Math.floor(((i + 1) * run.paths.length) / (RUNS + 1)) : undefined;
    runs.push(await load({ ...run, durationSeconds: DURATION, firstPath }));
  }
  const loops = runs.map((r) => r.eventLoopP99).filter((v): v is number => v !== null);
  return {
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    eventLoopP99: loops.length ? Math.max(...loops) : null,
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    errors: runs.reduce((s, r) => s + r.errors + r.timeouts, 0),
    pairedRatio: baseline ? median(runs.map((r, i) => r.requestsPerSecond / baselineRuns[i]!.requestsPerSecond)) : null,
    baselineRequestsPerSecond: baseline ? median(baselineRuns.map((r) => r.requestsPerSecond)) : null,
    runs,
    baselineRuns,
  };
}

function scenarios(prepared: Prepared, password: string): Scenario[] {
  const { month, year } = currentMonthYearJakarta();
  const today = todayJakarta();
  const period = `month=${month}&year=${year}`;
  const sortKeys = ['nama', 'nik', 'telepon', 'alamat', 'status', 'total_pinjaman', 'created_at'];
  const paymentBodies = prepared.aktifLoanIds.map((id) =>
    JSON.stringify({ pinjaman_id: id, tanggal: today, jumlah: 1000, jenis: 'pokok', keterangan: 'Uji beban (npm run bench)' }),
  );
  const list: Scenario[] = [
    { id: 'health', label: 'GET /api/health', method: 'GET', path: '/api/health', auth: false, target: null },
    {
      id: 'login',
      label: 'POST /api/auth/login (scrypt N=2^17)',
      method: 'POST',
      path: '/api/auth/login',
      auth: false,
      body: JSON.stringify({ username: BENCH_USERNAME, password }),
      // The per-username limit counts sign-ins in flight (5): more connections would measure 429s.
      connections: 4,
      target: null,
      note: 'slow by design',
    },
    {
      id: 'nasabah-list',
      label: 'nasabah, limit 10 + total, default sort',
      method: 'GET',
      path: '/api/nasabah?limit=10',
      auth: true,
      target: 'list',
    },
    {
      id: 'nasabah-search-name',
      label: 'nasabah search "hidayat" + total',
      method: 'GET',
      path: '/api/nasabah?limit=10&search=hidayat',
      auth: true,
      target: 'search',
    },
    {
      id: 'nasabah-search-nik',
      label: `nasabah search "${prepared.nikFragment}" + total`,
      method: 'GET',
      path: `/api/nasabah?limit=10&search=${prepared.nikFragment}`,
      auth: true,
      target: 'search',
    },
    {
      id: 'nasabah-search-nik-new',
      label: 'nasabah search, another NIK each request, + total',
      method: 'GET',
      path: `/api/nasabah?limit=10&search=${prepared.nikFragments[0]}`,
      paths: prepared.nikFragments.map((fragment) => `/api/nasabah?limit=10&search=${fragment}`),
      auth: true,
      target: 'search',
      note: 'each search new: nothing remembered',
    },
    ...sortKeys.map((key): Scenario => ({
      id: `nasabah-sort-${key}`,
      label: `nasabah sortBy=${key} asc, limit 10`,
      method: 'GET',
      path: `/api/nasabah?limit=10&sortBy=${key}&sortOrder=asc`,
      auth: true,
      target: 'list',
    })),
    {
      id: 'pinjaman-aktif',
      label: 'pinjaman status=aktif, limit 10',
      method: 'GET',
      path: '/api/pinjaman?status=aktif&limit=10',
      auth: true,
      target: 'list',
    },
    {
      id: 'pembayaran-month',
      label: 'pembayaran this month, limit 10',
      method: 'GET',
      path: `/api/pembayaran?${period}&limit=10`,
      auth: true,
      target: 'list',
      optional: true,
    },
    {
      id: 'nasabah-1000',
      label: 'nasabah limit=1000',
      method: 'GET',
      path: '/api/nasabah?limit=1000',
      auth: true,
      target: 'page',
    },
    {
      id: 'pinjaman-1000',
      label: 'pinjaman limit=1000',
      method: 'GET',
      path: '/api/pinjaman?limit=1000',
      auth: true,
      target: 'page',
    },
    {
      id: 'pembayaran-1000',
      label: 'pembayaran this month, limit=1000',
      method: 'GET',
      path: `/api/pembayaran?${period}&limit=1000`,
      auth: true,
      target: 'page',
      optional: true,
    },
    {
      id: 'nasabah-stats',
      label: 'GET /api/nasabah/stats',
      method: 'GET',
      path: '/api/nasabah/stats',
      auth: true,
      target: 'stats',
    },
    {
      id: 'pinjaman-stats',
      label: 'GET /api/pinjaman/stats',
      method: 'GET',
      path: '/api/pinjaman/stats',
      auth: true,
      target: 'stats',
    },
    {
      id: 'pembayaran-stats',
      label: 'GET /api/pembayaran/stats (this month)',
      method: 'GET',
      path: `/api/pembayaran/stats?${period}`,
      auth: true,
      target: 'stats',
      optional: true,
    },
    {
      id: 'tunggakan-list',
      label: 'tunggakan, limit 10 + total, default sort',
      method: 'GET',
      path: '/api/tunggakan?limit=10',
      auth: true,
      target: 'list',
    },
    {
      id: 'persetujuan-menunggu',
      label: 'persetujuan queue (issue 27), first page',
      method: 'GET',
      path: '/api/persetujuan',
      auth: true,
      target: 'list',
    },
    {
      id: 'persetujuan-jumlah',
      label: 'GET /api/persetujuan/jumlah (menu badge, every minute per approver)',
      method: 'GET',
      path: '/api/persetujuan/jumlah',
      auth: true,
      target: 'stats',
    },
    {
      id: 'tazir-usulan',
      label: 'ta’zir proposals (issue 27 C), first page',
      method: 'GET',
      path: '/api/tazir?status=diusulkan',
      auth: true,
      target: 'list',
    },
    {
      id: 'metrics',
      label: 'GET /metrics (Prometheus scrape, issue 28: queue and backup read from the database)',
      method: 'GET',
      path: '/metrics',
      auth: 'metrics',
      target: 'stats',
    },
    {
      id: 'health-ready',
      label: 'GET /api/health/ready (load balancer check)',
      method: 'GET',
      path: '/api/health/ready',
      auth: false,
      target: 'stats',
    },
    {
      id: 'cadangan-status',
      label: 'GET /api/backup/status (Lainnya → Cadangan Data, issue 28)',
      method: 'GET',
      path: '/api/backup/status',
      auth: true,
      target: 'stats',
    },
    {
      id: 'dana-kebajikan',
      label: 'GET /api/dana-kebajikan (balance + newest entries)',
      method: 'GET',
      path: '/api/dana-kebajikan',
      auth: true,
      target: 'stats',
    },
    {
      id: 'tunggakan-kelas',
      label: 'tunggakan kolektibilitas=2, limit 10 + total',
      method: 'GET',
      path: '/api/tunggakan?limit=10&kolektibilitas=2',
      auth: true,
      target: 'list',
    },
    {
      id: 'tunggakan-1000',
      label: 'tunggakan limit=1000',
      method: 'GET',
      path: '/api/tunggakan?limit=1000',
      auth: true,
      target: 'page',
    },
    {
      id: 'tunggakan-ringkasan',
      label: 'GET /api/tunggakan/ringkasan',
      method: 'GET',
      path: '/api/tunggakan/ringkasan',
      auth: true,
      target: 'stats',
    },
    {
      id: 'wa-messages',
      label: `wa-messages (log of ${MESSAGE_LOG_ROWS.toLocaleString('en')}), limit 20, has_more`,
      method: 'GET',
      path: '/api/wa-messages?limit=20',
      auth: true,
      target: 'list',
    },
    {
      id: 'wa-messages-gagal',
      label: 'wa-messages status=FAILED, limit 20, has_more',
      method: 'GET',
      path: '/api/wa-messages?limit=20&status=FAILED',
      auth: true,
      target: 'list',
    },
    {
      id: 'wa-messages-search',
      label: 'wa-messages search=manajer, limit 20, has_more',
      method: 'GET',
      path: '/api/wa-messages?limit=20&search=manajer',
      auth: true,
      target: 'search',
    },
    {
      id: 'wa-messages-ringkasan',
      label: 'GET /api/wa-messages/ringkasan',
      method: 'GET',
      path: '/api/wa-messages/ringkasan',
      auth: true,
      target: 'stats',
    },
    {
      // The last day of the scale data with payments: a busy day's counter (issue 26 A).
      id: 'laporan-rekap-harian',
      label: 'GET /api/laporan/rekap-harian (a busy day)',
      method: 'GET',
      path: `/api/laporan/rekap-harian?tanggal=${prepared.busyDay}`,
      auth: true,
      target: 'stats',
    },
    {
      // Issue 48: the trial balance as of today, from the balances kept per account and day/month.
      id: 'neraca-saldo',
      label: 'GET /api/akuntansi/neraca-saldo (today)',
      method: 'GET',
      path: '/api/akuntansi/neraca-saldo',
      auth: true,
      target: 'books',
    },
    {
      // Issue 48: a Buku Besar page of 50 lines: Kas (account 1 of the default chart, every
      // payment's line) over the busy day's month, page 2 (its start balance from the kept
      // balances and the lines before it).
      id: 'buku-besar',
      label: 'GET /api/akuntansi/buku-besar (Kas, a month, page 2)',
      method: 'GET',
      path: `/api/akuntansi/buku-besar?akun_id=1&dari=${prepared.busyDay.slice(0, 8)}01&sampai=${prepared.busyDay}&page=2`,
      auth: true,
      target: 'list',
    },
    {
      // Issue 48: the Jurnal screen's first page, every journal, newest first.
      id: 'jurnal',
      label: 'GET /api/akuntansi/jurnal (newest 20)',
      method: 'GET',
      path: '/api/akuntansi/jurnal?limit=20',
      auth: true,
      target: 'list',
    },
    {
      id: 'laporan-pencairan',
      label: 'GET /api/laporan/pencairan (12 months)',
      method: 'GET',
      path: '/api/laporan/pencairan',
      auth: true,
      target: 'stats',
    },
    {
      id: 'dashboard-portfolio',
      label: 'GET /api/dashboard/portfolio',
      method: 'GET',
      path: '/api/dashboard/portfolio',
      auth: true,
      target: 'stats',
    },
    {
      id: 'pinjaman-jadwal',
      label: 'GET /api/pinjaman/{id}/jadwal (another aktif loan each request)',
      method: 'GET',
      path: `/api/pinjaman/${prepared.aktifLoanIds[0] ?? 1}/jadwal`,
      paths: prepared.aktifLoanIds.map((id) => `/api/pinjaman/${id}/jadwal`),
      auth: true,
      target: 'list',
    },
    {
      id: 'activities',
      label: 'GET /api/dashboard/activities',
      method: 'GET',
      path: '/api/dashboard/activities?limit=10',
      auth: true,
      target: 'list',
    },
    {
      id: 'pembayaran-post',
      label: 'POST /api/pembayaran (balance update, Idempotency-Key as the web app sends)',
      method: 'POST',
      path: '/api/pembayaran',
      auth: true,
      bodies: paymentBodies,
      uniqueHeader: 'idempotency-key',
      target: 'write',
      optional: true,
    },
  ];
  return ONLY ? list.filter((s) => ONLY.test(s.id)) : list;
}

async function login(baseURL: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USERNAME, password }),
  });
  if (!res.ok) throw new Error(`login bench gagal: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function runScenario(
  api: Started,
  scenario: Scenario,
  token: string,
  baselineRun: Omit<LoadRun, 'durationSeconds'>,
  kind: Prepared['kind'],
): Promise<ScenarioResult> {
  const connections = scenario.connections ?? CONNECTIONS;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (scenario.auth) headers.authorization = `Bearer ${scenario.auth === 'metrics' ? BENCH_METRICS_TOKEN : token}`;
  const base = {
    id: scenario.id,
    label: scenario.label,
    method: scenario.method,
    path: scenario.path,
    connections,
    note: scenario.note,
  };
  const probe = await fetch(api.baseURL + scenario.path, {
    method: scenario.method,
    headers,
    body: scenario.method === 'POST' ? (scenario.body ?? scenario.bodies?.[0]) : undefined,
  });
  const probeText = await probe.text();
  // The API's own 404 for an unknown route ("Rute … tidak ditemukan"), not a 404 of a known one.
  if (probe.status === 404 && scenario.optional && /Rute .* tidak ditemukan/.test(probeText)) {
    return { ...base, status: 'skipped (endpoint missing)' };
  }
  if (!probe.ok) return { ...base, status: 'error', note: `HTTP ${probe.status}: ${probeText.slice(0, 200)}` };

  const figures = await measure(
    {
      url: api.baseURL + scenario.path,
      method: scenario.method,
      headers,
      body: scenario.body,
      bodies: scenario.bodies,
      paths: scenario.paths,
      uniqueHeader: scenario.uniqueHeader,
      connections,
      eventLoopUrl: `${api.baseURL}/api/_bench/event-loop`,
    },
    baselineRun,
  );
  const ratio = figures.pairedRatio!;
  const target = scenario.target ? TARGETS[scenario.target][kind] : null;
  let status: ScenarioResult['status'] = 'no target';
  if (figures.non2xx > 0 || figures.errors > 0) status = 'error';
  else if (target !== null) {
    const loopOk = figures.eventLoopP99 === null || figures.eventLoopP99 < TARGETS.eventLoopMs;
    status = ratio >= target && loopOk ? 'met' : 'NOT MET';
  }
  return { ...base, status, ...figures, ratio, target };
}

const fmt = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined
    ? '—'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${(n * 100).toFixed(2)} %`);

function printTable(baseline: { requestsPerSecond: number; p50: number; p99: number }, results: ScenarioResult[]) {
  const rows = [
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'paired baseline req/s', 'ratio', 'target', 'loop p99 ms', 'result'],
    [
      'baseline: bare Fastify hello-world (all runs)',
      fmt(baseline.requestsPerSecond),
      fmt(baseline.p50),
      fmt(baseline.p99),
      '',
      '100 %',
      '',
      '',
      '',
    ],
    ...results.map((r) => [
      r.label,
      fmt(r.requestsPerSecond),
      fmt(r.p50),
      fmt(r.p99),
      fmt(r.baselineRequestsPerSecond),
      pct(r.ratio),
      r.target ? `≥ ${pct(r.target)}` : '—',
      fmt(r.eventLoopP99, 1),
      r.status + (r.note && r.status !== 'met' ? ` (${r.note})` : ''),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row.map((cell, c) => (c === 0 || c === row.length - 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

async function main() {
  const startedAt = new Date();
  console.log('Menyiapkan database benchmark…');
  let prepared: Prepared;
  try {
    prepared = await prepareDatabase();
  } catch (error) {
    if (error instanceof NoScaleDataError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { counts } = prepared;
  console.log(
    `Database: ${prepared.kind} (${prepared.location}): ${counts.nasabah} nasabah, ${counts.pinjaman} pinjaman, ${counts.pembayaran} pembayaran`,
  );

  // The daily ledger job first, with the server not yet started (PGlite is one process's database).
  let ledgerJob: LedgerJobFigures | null = null;
  let mutasiJob: MutasiJobFigures | null = null;
  let portfolioJob: PortfolioJobFigures | null = null;
  let reminderJob: ReminderJobFigures | null = null;
  let rekonsiliasiJob: RekonsiliasiJobFigures | null = null;
  let kwitansiPdf: KwitansiPdfFigures | null = null;
  // BENCH_ONLY=<scenario ids>: only those API rows beside the baseline (no jobs, browser, exports, backup, import).
  const onlyScenarios = ONLY !== null && env.BENCH_ONLY !== 'backup';
  if (env.BENCH_ONLY !== 'backup' && !onlyScenarios) {
    console.log('Job harian tunggakan & kolektibilitas…');
    ledgerJob = await measureLedgerJob(prepared.env, prepared.kind);
    for (const line of ledgerJobLines(ledgerJob)) console.log(`  ${line}`);
    console.log('Mutasi pinjaman diturunkan dari pembayaran (job migrasi)…');
    mutasiJob = await measureMutasiJob(prepared.env, prepared.kind);
    for (const line of mutasiJobLines(mutasiJob)) console.log(`  ${line}`);
    console.log('Snapshot portofolio (tutup hari, susulan 12 akhir bulan)…');
    portfolioJob = await measurePortfolioJob(prepared.env, prepared.kind);
    for (const line of portfolioJobLines(portfolioJob)) console.log(`  ${line}`);
    console.log('Rencana pengingat angsuran (satu hari kirim)…');
    reminderJob = await measureReminderJob(prepared.env, prepared.kind);
    for (const line of reminderJobLines(reminderJob)) console.log(`  ${line}`);
    console.log('Rekonsiliasi pembukuan harian…');
    rekonsiliasiJob = await measureRekonsiliasiJob(prepared.env, prepared.kind);
    for (const line of rekonsiliasiJobLines(rekonsiliasiJob)) console.log(`  ${line}`);
    console.log('Kwitansi PDF…');
    kwitansiPdf = await measureKwitansiPdf(prepared.env);
    for (const line of kwitansiPdfLines(kwitansiPdf)) console.log(`  ${line}`);
  }

  const skipBrowser = env.BENCH_SKIP_BROWSER === '1' || onlyScenarios;
  const distDir = skipBrowser ? path.join(root, 'bench/dist-none') : await buildWebApp();

  const baselineServer = await startServer(path.join(root, 'bench/baseline-server.ts'), {}, '/');
  const api = await startServer(
    path.join(root, 'apps/api/src/server.ts'),
    {
      ...prepared.env,
      MIZAN_BENCH_METRICS: '1',
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      WA_GATEWAY: 'simulator',
      BACKUP_SCHEDULE: 'off',
      WEB_DIST_DIR: distDir,
    },
    '/api/health',
  );
  // Ctrl-C stops both servers (the PGlite folder lock goes with them).
  const interrupt = () => void Promise.all([api.stop(), baselineServer.stop()]).then(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const results: ScenarioResult[] = [];
  let browser: BrowserFigures | null = null;
  let phone: PhoneFigures | null = null;
  let apiBackup: ApiBackupFigures | null = null;
  let exports: ExportRun[] = [];
  let backup: BackupFigures | null = null;
  // BENCH_ONLY=backup: only the backup row (a few minutes instead of twenty).
  const onlyBackup = env.BENCH_ONLY === 'backup';
  const baselineRuns: LoadResult[] = [];
  try {
    const baselineRun = { url: `${baselineServer.baseURL}/`, method: 'GET' as const, connections: CONNECTIONS };
    console.log(`Baseline (${RUNS} × ${DURATION} dtk, ${CONNECTIONS} koneksi)…`);
    const first = await measure(baselineRun);
    baselineRuns.push(...first.runs);
    const token = await login(api.baseURL, prepared.password);
    for (const scenario of onlyBackup ? [] : scenarios(prepared, prepared.password)) {
      process.stdout.write(`  ${scenario.label}… `);
      const result = await runScenario(api, scenario, token, baselineRun, prepared.kind);
      results.push(result);
      baselineRuns.push(...(result.baselineRuns ?? []));
      console.log(
        `${fmt(result.requestsPerSecond)} req/s, p99 ${fmt(result.p99)} ms, loop p99 ${fmt(result.eventLoopP99, 1)} ms: ${result.status}`,
      );
    }
    console.log('Baseline lagi (pergeseran mesin bersama)…');
    const second = await measure(baselineRun);
    baselineRuns.push(...second.runs);
    if (!skipBrowser && !onlyBackup) {
      console.log('Angka peramban (Chromium headless)…');
      try {
        browser = await measureBrowser(api.baseURL, BENCH_USERNAME, prepared.password);
      } catch (error) {
        // The API figures of the last twenty minutes are still written; the browser's are missing.
        console.error(`Angka peramban gagal diukur: ${(error as Error).message}`);
        process.exitCode = 1;
      }
      console.log('Angka ponsel (CPU 4× lebih lambat, 1,6 Mbit/s, 150 ms)…');
      try {
        phone = await measurePhone(api.baseURL, BENCH_USERNAME, prepared.password, prepared.aktifLoanIds[0]!);
        for (const line of phoneLines(phone)) console.log(`  ${line}`);
      } catch (error) {
        console.error(`Angka ponsel gagal diukur: ${(error as Error).message}`);
        process.exitCode = 1;
      }
    }
    if (!onlyBackup && !onlyScenarios) {
      console.log('Ekspor daftar nasabah (CSV, XLSX)…');
      exports = await measureExports(api.baseURL, token);
      for (const line of exportLines(exports)) console.log(`  ${line}`);
    }
    if (!onlyScenarios) {
      console.log('Cadangan lewat GET /api/backup sambil membuka daftar…');
      apiBackup = await measureApiBackup(api.baseURL, token, LIST_PATHS);
    }
  } finally {
    await api.stop();
    await baselineServer.stop();
  }
  // With the server stopped (PGlite is one process's database): npm run backup and npm run
  // restore on the scale data, compared table by table.
  if (!onlyScenarios) {
    console.log('Cadangan dan pemulihan (npm run backup, npm run restore)…');
    backup = await measureCliRoundTrip(prepared.env, prepared.kind, apiBackup, prepared.password);
  }
  // The import of the old system's data, on its own fresh PGlite database (bench/impor.ts).
  if (!onlyScenarios) console.log('Impor data (10 000 nasabah, 10 000 pinjaman, 100 000 pembayaran)…');
  const imporLines =
    onlyBackup || onlyScenarios ? [] : (await runScript(path.join(root, 'bench/impor.ts'), [])).trim().split('\n');

  // Each scenario's ratio is the median of its paired runs (see measure); the table's baseline
  // line is the median of every baseline run of the session.
  const baseline = {
    requestsPerSecond: median(baselineRuns.map((r) => r.requestsPerSecond)),
    p50: median(baselineRuns.map((r) => r.p50)),
    p99: median(baselineRuns.map((r) => r.p99)),
    before: median(baselineRuns.slice(0, RUNS).map((r) => r.requestsPerSecond)),
    after: median(baselineRuns.slice(-RUNS).map((r) => r.requestsPerSecond)),
    runs: baselineRuns.length,
  };

  console.log(
    `\nmizan bench, ${prepared.kind}, ${counts.nasabah} nasabah / ${counts.pinjaman} pinjaman / ${counts.pembayaran} pembayaran; ` +
      `${CONNECTIONS} connections, ${RUNS} × ${DURATION} s after ${WARMUP} s warm-up, medians; ratio = median of ` +
      `each run / the baseline run just before it; ` +
      `baseline ${fmt(baseline.before)} req/s before, ${fmt(baseline.after)} after\n`,
  );
  printTable(baseline, results);
  if (browser) {
    console.log('\nbrowser (headless Chromium, built app)');
    for (const line of browserLines(browser)) console.log(`  ${line}`);
  }
  if (phone) for (const line of phoneLines(phone)) console.log(line);
  console.log('');
  if (ledgerJob) for (const line of ledgerJobLines(ledgerJob)) console.log(line);
  if (mutasiJob) for (const line of mutasiJobLines(mutasiJob)) console.log(line);
  if (portfolioJob) for (const line of portfolioJobLines(portfolioJob)) console.log(line);
  if (reminderJob) for (const line of reminderJobLines(reminderJob)) console.log(line);
  if (rekonsiliasiJob) for (const line of rekonsiliasiJobLines(rekonsiliasiJob)) console.log(line);
  if (kwitansiPdf) for (const line of kwitansiPdfLines(kwitansiPdf)) console.log(line);
  for (const line of exportLines(exports)) console.log(line);
  if (backup) for (const line of backupLines(backup)) console.log(line);
  for (const line of imporLines) console.log(line);

  const machine = {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryMB: Math.round(os.totalmem() / 2 ** 20),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverageAtEnd: os.loadavg(),
  };
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine,
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP, runs: RUNS },
    database: { kind: prepared.kind, counts },
    baseline,
    scenarios: results,
    browser,
    phone,
    ledgerJob,
    mutasiJob,
    portfolioJob,
    reminderJob,
    rekonsiliasiJob,
    kwitansiPdf,
    exports,
    backup,
  };
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  // A run of some rows only does not stand for the whole bench's latest figures.
  const names = onlyScenarios ? [`only-${prepared.kind}.json`] : ['latest.json', `latest-${prepared.kind}.json`];
  for (const name of names) fs.writeFileSync(path.join(dir, name), JSON.stringify(report, null, 2));
  console.log(`\nHasil: bench/results/${names[0]}`);
  const notMet =
    results.filter((r) => r.status === 'NOT MET' || r.status === 'error').length +
    (browser?.notMet ?? 0) +
    (phone?.notMet ?? 0) +
    (ledgerJob?.status === 'NOT MET' ? 1 : 0) +
    (mutasiJob?.status === 'NOT MET' ? 1 : 0) +
    (portfolioJob?.status === 'NOT MET' ? 1 : 0) +
    (reminderJob?.status === 'NOT MET' ? 1 : 0) +
    (rekonsiliasiJob?.status === 'NOT MET' ? 1 : 0) +
    (kwitansiPdf?.status === 'NOT MET' ? 1 : 0) +
    exports.filter((r) => r.status === 'NOT MET').length +
    (backup?.status === 'NOT MET' || backup?.status === 'DIFFERENT' ? 1 : 0);
  console.log(notMet ? `${notMet} target tidak tercapai (NOT MET / error).` : 'Semua target tercapai.');
}

function browserLines(b: BrowserFigures): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const mark = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'met' : 'NOT MET');
  return [
    `landing page JS (gzip): ${kb(b.landingJsGzip)} in ${b.landingJsFiles} file(s), target ≤ 60 KB, app code absent: ${b.landingFreeOfAppCode ? 'yes' : 'NO'}: ${mark(b.landingJsGzip <= TARGETS.landingJsBytes && b.landingFreeOfAppCode)}`,
    `landing page LCP: ${fmt(b.landingLcpMs)} ms (no target; figure for the record)`,
    `signed-in first screen (/dashboard) JS (gzip): ${kb(b.dashboardJsGzip)} in ${b.dashboardJsFiles} file(s), target ≤ 200 KB: ${mark(b.dashboardJsGzip <= TARGETS.firstScreenJsBytes)}`,
    `1000-row customer list: render ${fmt(b.listRenderMs)} ms after its response arrived (target ≤ 200 ms: ${mark(b.listRenderMs === null ? null : b.listRenderMs <= TARGETS.listRenderMs)}); ` +
      `main thread ${fmt(b.listRenderMainThreadMs)} ms of it (traced); ${fmt(b.listFromNavigationMs)} ms from navigation; API response ${fmt(b.listResponseMs)} ms; jump to the end → 1000th row ${fmt(b.listScrollToEndMs)} ms`,
  ];
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
