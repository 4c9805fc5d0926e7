import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../lib/envelope';

const eventLoopSchema = z.object({ p50_ms: z.number(), p99_ms: z.number(), max_ms: z.number(), mean_ms: z.number() });
const memorySchema = z.object({
  after_gc: z.boolean(),
  rss_mb: z.number(),
  heap_used_mb: z.number(),
  heap_total_mb: z.number(),
  external_mb: z.number(),
  array_buffers_mb: z.number(),
});

/**
 * `npm run bench` only (MIZAN_BENCH_METRICS=1; the route does not exist otherwise):
 * GET /api/_bench/event-loop answers the event-loop delay this process saw since the previous
 * call (perf_hooks histogram sampled every 10 ms) and starts a new measurement window. The
 * harness reads it after each load run, so each figure belongs to one scenario.
 * GET /api/_bench/memory answers the process's memory, after a full garbage collection when the
 * server runs with `--expose-gc` (the soak, `bench/soak.ts`, watches it for steady growth).
 */
export async function benchMetricsPlugin(app: FastifyInstance) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  app.addHook('onClose', async () => histogram.disable());
  const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/_bench/event-loop', { schema: { hide: true, response: { 200: envelope(eventLoopSchema) } } }, async () => {
      const data = {
        p50_ms: ms(histogram.percentile(50)),
        p99_ms: ms(histogram.percentile(99)),
        max_ms: ms(histogram.max),
        mean_ms: ms(histogram.mean),
      };
      histogram.reset();
      return { success: true as const, data };
    })
    .get('/api/_bench/memory', { schema: { hide: true, response: { 200: envelope(memorySchema) } } }, async () => {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const usage = process.memoryUsage();
      const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
      const data = {
        after_gc: Boolean(gc),
        rss_mb: mb(usage.rss),
        heap_used_mb: mb(usage.heapUsed),
        heap_total_mb: mb(usage.heapTotal),
        external_mb: mb(usage.external),
        array_buffers_mb: mb(usage.arrayBuffers),
      };
      return { success: true as const, data };
    });
}
