// `npm test`: every check the project has, in order — lint, typecheck, then all Vitest projects
// (core unit tests, API integration tests on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
// and browser end-to-end tests). Ends with one closing line: "Summary: N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (label, cmd, args) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
};

let passed = 0;
let failed = 0;
const checks = [
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
];
for (const [label, cmd, args] of checks) {
  if (run(label, cmd, args)) passed++;
  else {
    failed++;
    console.error(`✖ ${label} failed`);
  }
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-test-')), 'vitest.json');
const extra = process.argv.slice(2);
const vitestOk = run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
if (fs.existsSync(report)) {
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  const before = failed;
  failed += result.numFailedTests;
  // A suite that failed to load has no failed tests but is still a failure.
  failed += result.testResults.filter((f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed')).length;
  // Unhandled errors (an uncaught exception while a file ran) fail vitest without failing a test.
  if (!vitestOk && failed === before) {
    failed++;
    console.error('✖ vitest exited with an error although no test failed (see "Unhandled Errors" above)');
  }
} else {
  failed++;
  console.error('✖ vitest produced no report');
}

console.log(`\nSummary: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
