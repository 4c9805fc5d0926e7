import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Serves the built web app: the landing page at `/` (index.html, no app code), the signed-in
 * single-page app (app.html) for every other non-API path, and hashed assets with long caching.
 * The institution's name is written into both pages once, at start-up.
 */
export async function spaPlugin(app: FastifyInstance, opts: { distDir: string; institutionName: string }) {
  const read = (file: string) => {
    const full = path.join(opts.distDir, file);
    if (!fs.existsSync(full)) return null;
    return fs.readFileSync(full, 'utf8').replaceAll('%INSTITUTION_NAME%', escapeHtml(opts.institutionName));
  };
  const landing = read('index.html');
  const appHtml = read('app.html');
  const missing =
    '<!doctype html><html lang="id"><meta charset="utf-8"><title>mizan</title>' +
    '<p>Aplikasi web belum dibangun. Jalankan <code>npm run build</code> lalu mulai ulang server.</p></html>';

  if (fs.existsSync(path.join(opts.distDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(opts.distDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
    });
  }
  for (const file of ['favicon.svg', 'robots.txt', 'og-image.png']) {
    const full = path.join(opts.distDir, file);
    if (fs.existsSync(full)) {
      const body = fs.readFileSync(full);
      const type = file.endsWith('.svg') ? 'image/svg+xml' : file.endsWith('.png') ? 'image/png' : 'text/plain; charset=utf-8';
      app.get(`/${file}`, { schema: { hide: true } }, (_req, reply) =>
        reply.type(type).header('cache-control', 'public, max-age=86400').send(body),
      );
    }
  }

  app.get('/', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(landing ?? missing),
  );

  return { appHtml: appHtml ?? missing };
}
