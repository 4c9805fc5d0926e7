// `npm start`: builds the web app and the API server if their sources changed, then runs the one
// compiled server process (API + web app) with plain Node.
// `npm run demo` (--demo): the same server on its own data folder with demo data and the
// WhatsApp simulator.
//
// Stopping: SIGTERM or SIGINT sent to npm's own pid (what an init script without a process group
// does) must stop the server. npm passes them to its own child only, and runs a script through
// `sh -c`, which dies of them without passing them on: the server ran on, orphaned. package.json
// therefore starts this file with `exec`, so that the shell becomes this process: it passes the
// signal to the server and exits with it, and npm exits after them (0 after a clean stop). Ctrl-C
// in a terminal worked either way: it signals the whole process group (docs/decisions/operations.md).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';
import { checkNodeVersion } from './node-version.mjs';

const root = path.resolve(import.meta.dirname, '..');
const demo = process.argv.includes('--demo');

checkNodeVersion();
// A server given another build of the web app (WEB_DIST_DIR: tests, benchmarks) never reads
// apps/web/dist, so it is not rebuilt (nor overwritten under someone else's server) for it.
await buildIfNeeded({ web: !process.env.WEB_DIST_DIR?.trim() });

const env = { ...process.env };
if (demo) {
  env.DATA_DIR ??= path.join(root, 'data-demo');
  env.WA_GATEWAY ??= 'simulator';
  env.ADMIN_PASSWORD ??= 'mizan-demo';
  env.MIZAN_DEMO = '1';
}

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
  stdio: 'inherit',
  env,
  cwd: root,
});
// SIGHUP: a rolling restart of the server processes when WEB_CONCURRENCY > 1 (apps/api/src/primary.ts).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
