// `npx tsx bench/markdown.ts [bench/results/latest.json]`: the figures of a bench run as the
// Markdown tables of docs/performance.md.
import fs from 'node:fs';
import path from 'node:path';

interface Report {
  startedAt: string;
  machine: { nproc: number; cpu: string; memoryMB: number; node: string; loadAverageAtEnd: number[] };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; runs: number };
  database: { kind: string; counts: { nasabah: number; pinjaman: number; pembayaran: number } };
  baseline: { requestsPerSecond: number; before: number; after: number };
  scenarios: {
    label: string;
    status: string;
    note?: string;
    requestsPerSecond?: number;
    p50?: number;
    p99?: number;
    ratio?: number;
    target?: number | null;
    eventLoopP99?: number | null;
    baselineRequestsPerSecond?: number | null;
  }[];
  browser: {
    landingJsGzip: number;
    landingJsFiles: number;
    landingFreeOfAppCode: boolean;
    landingLcpMs: number | null;
    dashboardJsGzip: number;
    dashboardJsFiles: number;
    listRenderMs: number | null;
    listRenderMainThreadMs?: number | null;
    listFromNavigationMs: number | null;
    listResponseMs: number | null;
    listScrollToEndMs?: number | null;
  } | null;
}

const file = process.argv[2] ?? path.resolve(import.meta.dirname, 'results/latest.json');
const r = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
const n = (v: number | null | undefined, d = 0) =>
  v === null || v === undefined ? '—' : v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(2)} %`);
const c = r.database.counts;
console.log(
  `**${r.database.kind}**, ${n(c.nasabah)} customers / ${n(c.pinjaman)} loans / ${n(c.pembayaran)} payments, ` +
    `run of ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC; ${r.settings.connections} connections, ${r.settings.runs} × ` +
    `${r.settings.durationSeconds} s after ${r.settings.warmupSeconds} s warm-up; baseline ${n(r.baseline.requestsPerSecond)} req/s ` +
    `(median of all its runs; ${n(r.baseline.before)} before the scenarios, ${n(r.baseline.after)} after).\n`,
);
console.log('| scenario | req/s | p50 ms | p99 ms | paired baseline req/s | ratio | target | event-loop p99 ms | result |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const s of r.scenarios) {
  const result = s.status === 'NOT MET' ? '**NOT MET**' : s.status;
  console.log(
    `| ${s.label} | ${n(s.requestsPerSecond)} | ${n(s.p50)} | ${n(s.p99)} | ${n(s.baselineRequestsPerSecond)} | ${pct(s.ratio)} | ` +
      `${s.target ? `≥ ${pct(s.target)}` : '—'} | ${n(s.eventLoopP99, 1)} | ${result}${s.note && s.status !== 'met' ? ` (${s.note})` : ''} |`,
  );
}
const b = r.browser;
if (b) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ok = (v: boolean) => (v ? 'met' : '**NOT MET**');
  console.log('\n| browser figure | value | target | result |');
  console.log('|---|---:|---:|---|');
  console.log(
    `| landing page JS, gzip (${b.landingJsFiles} files; app code absent: ${b.landingFreeOfAppCode ? 'yes' : 'no'}) | ${kb(b.landingJsGzip)} | ≤ 60 KB, no app code | ${ok(b.landingJsGzip <= 60 * 1024 && b.landingFreeOfAppCode)} |`,
  );
  console.log(`| landing page largest contentful paint | ${n(b.landingLcpMs)} ms | — | for the record |`);
  console.log(
    `| signed-in first screen (/dashboard) JS, gzip (${b.dashboardJsFiles} files) | ${kb(b.dashboardJsGzip)} | ≤ 200 KB | ${ok(b.dashboardJsGzip <= 200 * 1024)} |`,
  );
  console.log(
    `| 1000-row customer list: response in → list of 1000 on the page with its rows | ${n(b.listRenderMs)} ms | ≤ 200 ms | ${ok(b.listRenderMs !== null && b.listRenderMs <= 200)} |`,
  );
  console.log(
    `| the same, the page's main thread's own running time (traced; not stretched by other work on the machine) | ${n(b.listRenderMainThreadMs)} ms | — | for the record |`,
  );
  console.log(
    `| 1000-row customer list: navigation → list on the page (API answer ${n(b.listResponseMs)} ms) | ${n(b.listFromNavigationMs)} ms | — | for the record |`,
  );
  console.log(
    `| 1000-row customer list: jump to the end → 1000th row in the DOM | ${n(b.listScrollToEndMs)} ms | — | for the record |`,
  );
}
