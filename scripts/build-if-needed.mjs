// Builds what `npm start` runs when its output is missing or older than its sources:
// - the web app (Vite) into apps/web/dist;
// - the API server (esbuild) into apps/api/dist/server.js: the TypeScript of apps/api and
//   packages/core compiled into one ES module with a source map; every npm package stays an
//   import of node_modules (docs/decisions/runtime.md).
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');

const targets = {
  web: {
    output: path.join(root, 'apps/web/dist/app.html'),
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/app.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/core/src',
    ],
  },
  api: {
    output: path.join(root, 'apps/api/dist/server.js'),
    sources: ['apps/api/src', 'apps/api/package.json', 'packages/core/src', 'scripts/build-if-needed.mjs'],
  },
};

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(p, name))), stat.mtimeMs);
}

const stale = ({ output, sources }) =>
  (fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0) < Math.max(...sources.map(newest));

/** Compiles the API server into apps/api/dist (about a second). */
export async function buildApi() {
  const { build } = await import('esbuild');
  const apiPackage = JSON.parse(fs.readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
  const outdir = path.join(root, 'apps/api/dist');
  // Built beside and then moved in, so that a server starting meanwhile never sees half a build.
  const next = `${outdir}.next-${process.pid}`;
  fs.rmSync(next, { recursive: true, force: true });
  await build({
    // The backup's child process (lib/backup-process.ts) is a program of its own beside the server.
    entryPoints: [path.join(root, 'apps/api/src/server.ts'), path.join(root, 'apps/api/src/backup-child.ts')],
    outdir: next,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    logLevel: 'warning',
    // The workspace's own TypeScript (@mizan/core) is compiled in; npm packages are loaded from
    // node_modules at run time, as under tsx.
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@mizan/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    banner: { js: `// Built by scripts/build-if-needed.mjs from apps/api/src (@mizan/api ${apiPackage.version}). Do not edit.` },
  });
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.renameSync(next, outdir);
}

/** Builds what is out of date; returns the names of the parts built. */
export async function buildIfNeeded({ quiet = false, web = true } = {}) {
  const built = [];
  if (web && stale(targets.web)) {
    if (!quiet) console.log('Membangun aplikasi web (sekali, lalu dipakai ulang)...');
    execSync('npm run build --silent -w @mizan/web', {
      cwd: root,
      stdio: quiet ? 'pipe' : 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    built.push('web');
  }
  if (stale(targets.api)) {
    if (!quiet) console.log('Membangun server API...');
    await buildApi();
    built.push('api');
  }
  return built;
}

/** `npm run build`: builds both, whether or not they are out of date. */
export async function buildAll() {
  execSync('npm run build --silent -w @mizan/web', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await buildApi();
  console.log('Server API dikompilasi ke apps/api/dist/server.js');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--all')) await buildAll();
  else await buildIfNeeded();
}
