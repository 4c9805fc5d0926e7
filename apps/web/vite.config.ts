import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), spaFallback()],
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
