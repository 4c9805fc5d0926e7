// Exports of the lists (issue 26 B) through the running server, as the browser downloads them:
// every customer as CSV, then as XLSX (the first export of a process also grows PGlite's memory once). Targets: 100 000 customers in ≤ 15 s, the server's memory
// (RSS, sampled every 200 ms) growing by less than 100 MB, the event loop never blocked > 100 ms.

export const EXPORT_TARGETS = { seconds: 15, memoryGrowthMB: 100, loopMaxMs: 100 } as const;

export interface ExportRun {
  label: string;
  seconds: number;
  targetSeconds: number;
  bytes: number;
  memoryGrowthMB: number;
  loopMaxMs: number;
  status: 'met' | 'NOT MET';
}

async function benchJson<T>(baseURL: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

async function measureOne(
  baseURL: string,
  token: string,
  label: string,
  path: string,
  targetSeconds: number = EXPORT_TARGETS.seconds,
): Promise<ExportRun> {
  const rss = async () => (await benchJson<{ rss_mb: number }>(baseURL, token, '/api/_bench/memory')).rss_mb;
  const before = await rss();
  // Starts a new window (after a few samples: an empty histogram has no mean to answer).
  await new Promise((r) => setTimeout(r, 100));
  await benchJson(baseURL, token, '/api/_bench/event-loop');
  let peak = before;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, await rss());
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`${path}: ${res.status}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  } finally {
    done = true;
  }
  const seconds = (performance.now() - started) / 1000;
  await sampler;
  const loop = await benchJson<{ max_ms: number }>(baseURL, token, '/api/_bench/event-loop');
  const memoryGrowthMB = peak - before;
  const met =
    seconds <= targetSeconds && memoryGrowthMB < EXPORT_TARGETS.memoryGrowthMB && loop.max_ms <= EXPORT_TARGETS.loopMaxMs;
  return { label, seconds, targetSeconds, bytes, memoryGrowthMB, loopMaxMs: loop.max_ms, status: met ? 'met' : 'NOT MET' };
}

/** Every customer as XLSX, then as CSV (the server must run with MIZAN_BENCH_METRICS=1). */
export async function measureExports(baseURL: string, token: string): Promise<ExportRun[]> {
  return [
    await measureOne(baseURL, token, 'nasabah CSV', '/api/nasabah/ekspor?format=csv&sortBy=nama&sortOrder=asc'),
    await measureOne(baseURL, token, 'nasabah XLSX', '/api/nasabah/ekspor?format=xlsx&sortBy=nama&sortOrder=asc'),
    // Every loan (300 000 in the scale data): the customers' pace, 15 s per 100 000 rows.
    await measureOne(baseURL, token, 'pinjaman XLSX', '/api/pinjaman/ekspor?format=xlsx', 45),
    // Not an export, but measured alike: every running loan's ledger for one month (issue 26 A).
    await measureOne(baseURL, token, 'laporan penagihan bulan ini (JSON)', '/api/laporan/penagihan'),
    await measureOne(baseURL, token, 'laporan penagihan bulan ini (XLSX)', '/api/laporan/penagihan/ekspor'),
    // Every loan that ran in the last 12 months, with all its payments: income and deferred margin.
    await measureOne(baseURL, token, 'laporan pendapatan 12 bulan (JSON)', '/api/laporan/pendapatan'),
  ];
}

export const exportLines = (runs: ExportRun[]) =>
  runs.map(
    (r) =>
      `ekspor ${r.label}: ${r.seconds.toFixed(1)} dtk, ${(r.bytes / 2 ** 20).toFixed(1)} MB, memori server +${r.memoryGrowthMB.toFixed(0)} MB, ` +
      `event loop maks ${r.loopMaxMs.toFixed(0)} ms (target ≤ ${r.targetSeconds} dtk, < ${EXPORT_TARGETS.memoryGrowthMB} MB, ` +
      `≤ ${EXPORT_TARGETS.loopMaxMs} ms): ${r.status}`,
  );

// `npx tsx bench/ekspor.ts`: this measurement alone, on the scale database npm run bench uses.
if (import.meta.url === `file://${process.argv[1]}`) {
  const path = await import('node:path');
  const { prepareDatabase } = await import('./prepare');
  const { benchServerEnv, root, startServer } = await import('./processes');
  const prepared = await prepareDatabase();
  const api = await startServer(
    path.join(root, 'apps/api/src/server.ts'),
    benchServerEnv({ ...prepared.env, MIZAN_BENCH_METRICS: '1' }),
    '/api/health',
  );
  try {
    const login = await fetch(`${api.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: prepared.password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    for (const line of exportLines(await measureExports(api.baseURL, token))) console.log(line);
  } finally {
    await api.stop();
  }
}
