import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/_bench/event-loop', () => {
  it('does not exist unless MIZAN_BENCH_METRICS=1 switched it on', async () => {
    t = await createTestApp();
    const res = await t.request({ method: 'GET', url: '/api/_bench/event-loop', token: null });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('reports the event-loop delay since the previous call when switched on', async () => {
    t = await createTestApp({ benchMetrics: true });
    await t.request({ method: 'GET', url: '/api/_bench/event-loop', token: null });
    const blockedUntil = Date.now() + 60;
    await new Promise((resolve) => setTimeout(resolve, 30));
    while (Date.now() < blockedUntil); // hold the event loop for a moment
    await new Promise((resolve) => setTimeout(resolve, 30));
    const res = await t.request({ method: 'GET', url: '/api/_bench/event-loop', token: null });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['max_ms', 'mean_ms', 'p50_ms', 'p99_ms']);
    expect(data.max_ms).toBeGreaterThanOrEqual(20);
    expect(data.p99_ms).toBeLessThanOrEqual(data.max_ms);
  });

  it('reports the memory of the process when switched on, and only then', async () => {
    t = await createTestApp();
    expect((await t.request({ method: 'GET', url: '/api/_bench/memory', token: null })).statusCode).toBe(404);
    await t.close();
    t = await createTestApp({ benchMetrics: true });
    const res = await t.request({ method: 'GET', url: '/api/_bench/memory', token: null });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const rss = process.memoryUsage().rss / 1024 / 1024;
    // the test runs in the server's own process: its figures are this process's
    expect(data.rss_mb).toBeGreaterThan(rss * 0.5);
    expect(data.rss_mb).toBeLessThan(rss * 2);
    expect(data.heap_used_mb).toBeGreaterThan(0);
    expect(data.heap_used_mb).toBeLessThanOrEqual(data.heap_total_mb);
    expect(data.after_gc).toBe(typeof (globalThis as { gc?: unknown }).gc === 'function');
  });
});
