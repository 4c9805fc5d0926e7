import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.MIZAN_API_URL ?? 'http://127.0.0.1:3000';

// In development, serve the signed-in app (app.html) for every page but the landing page,
// exactly as the production server does.
const spaFallback = (): Plugin => ({
  name: 'mizan-spa-fallback',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? '/';
      const pathname = url.split('?')[0] ?? '/';
      const isAsset =
        pathname.includes('.') ||
        pathname.startsWith('/@') ||
        pathname.startsWith('/src/') ||
        pathname.startsWith('/node_modules/');
      if (
        req.method === 'GET' &&
        pathname !== '/' &&
        !isAsset &&
        !pathname.startsWith('/api') &&
        !pathname.startsWith('/uploads')
      ) {
        req.url = '/app.html';
      }
      next();
    });
  },
});

/**
 * Writes `route-preloads.json` into the build: `early`, the small script that asks for the first
 * screen's data (src/early.ts, its own entry), and under `routes`, for each page of the router
 * (src/app/router.tsx), the script files its chunk needs beyond the app's entry. The server lists them as
 * `<link rel="modulepreload">` in app.html for that address, so that a cold load fetches the
 * page's code beside the entry instead of after it (issue 28 C: on a slow phone line the two
 * waits in a row cost seconds).
 */
const routePreloads = (): Plugin => ({
  name: 'mizan-route-preloads',
  apply: 'build',
  generateBundle(_options, bundle) {
    const router = fs.readFileSync(path.resolve(import.meta.dirname, 'src/app/router.tsx'), 'utf8');
    const routes = [...router.matchAll(/path: '([^']+)', element: page\(\(\) => import\('\.\/routes\/([^']+)'\)\)/g)].map(
      ([, pattern, file]) => ({ pattern: pattern!, file: file! }),
    );
    if (routes.length === 0) this.error('route-preloads: no page routes found in src/app/router.tsx');
    const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const closure = (chunk: Rollup.OutputChunk, seen = new Set<string>()) => {
      if (seen.has(chunk.fileName)) return seen;
      seen.add(chunk.fileName);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) closure(next, seen);
      }
      return seen;
    };
    const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === path.resolve(import.meta.dirname, 'app.html'));
    if (!entry) this.error('route-preloads: the app entry (app.html) is not in the build');
    const loaded = closure(entry);
    const preloads: Record<string, string[]> = {};
    for (const { pattern, file } of routes) {
      const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(import.meta.dirname, `src/app/routes/${file}.tsx`));
      if (!chunk) this.error(`route-preloads: no chunk for src/app/routes/${file}.tsx`);
      preloads[pattern] = [...closure(chunk)].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
    }
    const early = chunks.find(
      (chunk) => chunk.isEntry && chunk.facadeModuleId === path.resolve(import.meta.dirname, 'src/early.ts'),
    );
    if (!early) this.error('route-preloads: the early entry (src/early.ts) is not in the build');
    if (closure(early).has(entry.fileName)) this.error('route-preloads: src/early.ts must not load the app entry');
    const table = { early: `/${early.fileName}`, routes: preloads };
    this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(table, null, 1) });
  },
});

/**
 * Writes each script and stylesheet of the build also compressed ahead of time, brotli at its
 * highest quality (`.br`) and gzip at level 9 (`.gz`), which the server sends as they are to a
 * browser that accepts them (@fastify/static `preCompressed`): about 15 % fewer bytes than
 * compressing each answer on the fly, for every phone over HTTPS (issue 28 C).
 */
const precompress = (): Plugin => ({
  name: 'mizan-precompress',
  apply: 'build',
  // After the files are written: their final text, with every later plugin's changes in it.
  async writeBundle(options, bundle) {
    const brotli = promisify(zlib.brotliCompress);
    const gzip = promisify(zlib.gzip);
    const files = Object.keys(bundle).filter((fileName) => /\.(js|css|svg)$/.test(fileName));
    await Promise.all(
      files.map(async (fileName) => {
        const file = path.join(options.dir!, fileName);
        const source = await fs.promises.readFile(file);
        if (source.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: 9 }),
        ]);
        await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
      }),
    );
  },
});

/**
 * The modules of the shared "kit" chunk: what nearly every signed-in page runs (React, the router,
 * the query and virtual-list libraries, the icons, @mizan/core without its zod schemas, the list
 * components and the API client). Left to itself the bundler split them by which pages use them:
 * /nasabah's first load was some thirty small files, each a round trip on one of a phone's six
 * connections over a slow line; as one file the first load is about a dozen (issue 28 C,
 * docs/decisions/phone.md).
 */
const KIT = [
  /node_modules[\\/](lucide-react|react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
  /packages[\\/]core[\\/]src[\\/](format|domain|messages|api)/,
  /components[\\/]ui[\\/](list-\w+|use-list-page|use-window-rows|row-actions|summary-card|page-header|card|badge|skeleton|alert|empty-state|button|load-more|table|search-input|input|use-media-query|spinner|cn|toast)\.tsx?$/,
  /src[\\/]lib[\\/](api-client|query-client)\.ts$/,
];
const inKit = (id: string) => KIT.some((pattern) => pattern.test(id));

export default defineConfig({
  plugins: [react(), tailwindcss(), spaFallback(), routePreloads(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // A module goes into the kit alone, not with what it imports (a list component must not
        // pull a dialog library in); running every module in its original order is what makes
        // that safe.
        strictExecutionOrder: true,
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'kit', test: inKit }] },
      },
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        app: path.resolve(import.meta.dirname, 'app.html'),
        early: path.resolve(import.meta.dirname, 'src/early.ts'),
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
    },
  },
});
