// One load run, in its own process so the load generator never shares an event loop with the
// harness: `tsx bench/autocannon-worker.ts <file with a LoadRun as JSON>` prints one JSON line (LoadResult).
// When `eventLoopUrl` is given, the server's event-loop histogram is reset before the run and
// read after it, so the delay figure belongs to this run only.
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadRun {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fixed body, or several bodies handed out in turn (one per request). */
  body?: string;
  bodies?: string[];
  /** Paths handed out in turn instead of the URL's (one per request), from `firstPath` on. */
  paths?: string[];
  firstPath?: number;
  /** A header given a new value on every request (an Idempotency-Key, as the web app sends one per payment). */
  uniqueHeader?: string;
  connections: number;
  durationSeconds: number;
  eventLoopUrl?: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  eventLoopP99: number | null;
  eventLoopMax: number | null;
}

async function readEventLoop(url: string | undefined) {
  if (!url) return null;
  const res = await fetch(url);
  if (!res.ok) return null;
  return ((await res.json()) as { data: { p99_ms: number; max_ms: number } }).data;
}

async function main() {
  const run = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadRun;
  await readEventLoop(run.eventLoopUrl); // starts a fresh window
  let next = 0;
  let nextPath = run.firstPath ?? 0;
  const { bodies, paths, uniqueHeader } = run;
  let nextKey = 0;
  const runId = `${process.pid}-${Date.now()}`;
  const result = await autocannon({
    url: run.url,
    method: run.method,
    headers: run.headers,
    body: run.body,
    connections: run.connections,
    duration: run.durationSeconds,
    requests:
      bodies || paths || uniqueHeader
        ? [
            {
              setupRequest: (request) => ({
                ...request,
                ...(bodies ? { body: bodies[next++ % bodies.length] } : {}),
                ...(paths ? { path: paths[nextPath++ % paths.length] } : {}),
                ...(uniqueHeader ? { headers: { ...request.headers, [uniqueHeader]: `${runId}-${nextKey++}` } } : {}),
              }),
            },
          ]
        : undefined,
  });
  const loop = await readEventLoop(run.eventLoopUrl);
  const output: LoadResult = {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    eventLoopP99: loop?.p99_ms ?? null,
    eventLoopMax: loop?.max_ms ?? null,
  };
  console.log(JSON.stringify(output));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
