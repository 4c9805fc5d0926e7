import { defineConfig } from 'vitest/config';

// One runner for every kind of test. Projects:
// - core: pure unit tests of @mizan/core (fixed time zone, no I/O)
// - api: API integration tests on a fresh PGlite database per test file
// - api-pg: the same files again on PostgreSQL, only when TEST_DATABASE_URL is set
// - e2e: browser tests against the built app, driven with playwright-core and Debian's Chromium
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          env: { TZ: 'Asia/Jakarta' },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          env: { TZ: 'UTC', MIZAN_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'api-pg',
                include: ['apps/api/src/**/*.test.ts'],
                env: { TZ: 'UTC', MIZAN_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file has its own server, data folder and Chromium: two files at a time leave no
          // core idle (one at a time left the CPU 76 % idle; CI 2026-11-27: 860 s → 600 s).
          fileParallelism: true,
          // A state the page reaches after a request's retry (the app retries a 5xx once, a second
          // later) takes more than expect.poll's default second on a busy machine: wait as long as a
          // person would, the condition itself unchanged.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
