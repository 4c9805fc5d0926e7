// Builds the web app when its output is missing or older than its sources (web or core).
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/app.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/app.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/core/src'];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(p, name))), stat.mtimeMs);
}

export function buildIfNeeded({ quiet = false } = {}) {
  const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  const changed = Math.max(...sources.map(newest));
  if (built >= changed) return false;
  if (!quiet) console.log('Membangun aplikasi web (sekali, lalu dipakai ulang)...');
  execSync('npm run build --silent -w @mizan/web', { cwd: root, stdio: quiet ? 'pipe' : 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
