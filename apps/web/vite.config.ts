import fs from 'node:fs';
import path from 'node:path';
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
 * Writes `route-preloads.json` into the build: for each page of the router (src/app/router.tsx),
 * the script files its chunk needs beyond the app's entry. The server lists them as
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
    const entry = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith('/src/main.tsx')));
    if (!entry) this.error('route-preloads: the app entry (src/main.tsx) is not in the build');
    const loaded = closure(entry);
    const preloads: Record<string, string[]> = {};
    for (const { pattern, file } of routes) {
      const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(import.meta.dirname, `src/app/routes/${file}.tsx`));
      if (!chunk) this.error(`route-preloads: no chunk for src/app/routes/${file}.tsx`);
      preloads[pattern] = [...closure(chunk)].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
    }
    this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads, null, 1) });
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), spaFallback(), routePreloads()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        app: path.resolve(import.meta.dirname, 'app.html'),
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
