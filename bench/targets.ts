/** Targets of issue 10: ratios to the bare Fastify baseline of the same run, per database. */
export type TargetKind = 'list' | 'search' | 'stats' | 'page' | 'write' | 'books';

export const TARGETS = {
  list: { postgres: 0.04, pglite: 0.02 },
  search: { postgres: 0.04, pglite: 0.02 },
  stats: { postgres: 0.04, pglite: 0.02 },
  page: { postgres: 0.005, pglite: 0.0025 },
  write: { postgres: 0.01, pglite: 0.005 },
  /** Issue 48: the trial balance over every journal line (≈ 10 million at 100 000 customers). */
  books: { postgres: 0.02, pglite: 0.01 },
  /** The server's event-loop p99 delay during any scenario with a target. */
  eventLoopMs: 100,
  landingJsBytes: 60 * 1024,
  firstScreenJsBytes: 200 * 1024,
  listRenderMs: 200,
  /** Issue 28 C: on the emulated cheap phone and weak network (bench/phone.ts). */
  phone: {
    /** Core Web Vitals "good". */
    landingLcpMs: 2500,
    loginToDashboardMs: 3000,
    nasabahListMs: 2000,
    /** Core Web Vitals "good" interaction to next paint. */
    searchInpMs: 200,
    paymentWaitMs: 2000,
  },
} as const;
