// `npm test`: every check the project has, in order — lint, format, unused code (knip), typecheck,
// then all Vitest projects
// (core unit tests, API integration tests on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
// and browser end-to-end tests). About 25 minutes on two cores; lint and typecheck print nothing
// until they finish, so a line every 15 s says they are still running. Ends with one closing line:
// "Summary: N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { checkNodeVersion } from './node-version.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const run = (label, cmd, args, { quiet = false } = {}) =>
  new Promise((resolve) => {
    const since = Date.now();
    console.log(`\n▶ ${label}`);
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    const tick = quiet ? setInterval(() => console.log(`  … ${label} still running (${seconds(since)})`), 15_000) : undefined;
    child.on('exit', (code) => {
      clearInterval(tick);
      console.log(`${code === 0 ? '✔' : '✖'} ${label} (${seconds(since)})`);
      resolve(code === 0);
    });
  });

checkNodeVersion();
console.log('npm test: lint, format, unused code, typecheck, then every Vitest project (unit, API, browser): about 25 minutes.');

let passed = 0;
let failed = 0;
const checks = [
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['format (prettier --check)', bin('prettier'), ['--check', '--log-level=warn', '.']],
  ['unused code (knip)', bin('knip'), ['--no-progress']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
];
for (const [label, cmd, args] of checks) {
  if (await run(label, cmd, args, { quiet: true })) passed++;
  else {
    failed++;
    console.error(`✖ ${label} failed`);
  }
}

// Two Vitest runs: the unit and API projects first, their files spread over Vitest's default
// workers (on two cores one: PGlite's tests keep a core busy each, and two at a time measured
// slower, 786 s against 662 s); then the browser tests, two files at a time (each waits on its
// server and Chromium much of the time: 600 s against 860 s one at a time, 2026-11-27).
const extra = process.argv.slice(2);
const runs = [
  [
    'vitest (unit, API)',
    ['--project', 'core', '--project', 'api', ...(process.env.TEST_DATABASE_URL ? ['--project', 'api-pg'] : [])],
  ],
  ['vitest (browser)', ['--project', 'e2e', '--maxWorkers=2']],
];
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-test-'));
for (const [index, [label, projects]] of runs.entries()) {
  const report = path.join(reports, `vitest-${index}.json`);
  // Arguments given to npm test (a file, -t "name") go to both runs; a run with nothing to do passes.
  const vitestOk = await run(label, bin('vitest'), [
    'run',
    ...projects,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ]);
  if (fs.existsSync(report)) {
    const result = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += result.numPassedTests;
    const before = failed;
    failed += result.numFailedTests;
    // A suite that failed to load has no failed tests but is still a failure.
    failed += result.testResults.filter(
      (f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed'),
    ).length;
    // Unhandled errors (an uncaught exception while a file ran) fail vitest without failing a test.
    if (!vitestOk && failed === before) {
      failed++;
      console.error(`✖ ${label} exited with an error although no test failed (see "Unhandled Errors" above)`);
    }
  } else {
    failed++;
    console.error(`✖ ${label} produced no report`);
  }
}

console.log(`\nnpm test took ${seconds(started)}.`);
console.log(`\nSummary: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
