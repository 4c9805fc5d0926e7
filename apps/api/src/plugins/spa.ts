import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The institution as the pages show it (Profil Lembaga). */
export interface PageProfil {
  nama: string;
  alamat: string | null;
  telepon: string | null;
  email: string | null;
  /** The logo's address, or null for the shipped mark. */
  logoUrl: string | null;
}

/** The landing page's contact lines: those the institution filled in, links for phone and e-mail. */
function contactHtml(p: PageProfil) {
  const lines: string[] = [];
  if (p.alamat) lines.push(`<p>${escapeHtml(p.alamat)}</p>`);
  if (p.telepon) {
    const digits = p.telepon.replace(/[^\d+]/g, '');
    const tel = digits.startsWith('0') ? `+62${digits.slice(1)}` : digits;
    lines.push(`<p>Telepon/WhatsApp: <a href="tel:${escapeHtml(tel)}">${escapeHtml(p.telepon)}</a></p>`);
  }
  if (p.email) lines.push(`<p>Email: <a href="mailto:${escapeHtml(p.email)}">${escapeHtml(p.email)}</a></p>`);
  if (lines.length === 0) lines.push('<p>Silakan datang ke kantor kami pada jam layanan.</p>');
  return lines.join('');
}

/**
 * Serves the built web app: the landing page at `/` (index.html, no app code), the signed-in
 * single-page app (app.html) for every other non-API path, and hashed assets with long caching.
 * The institution's name, contact and logo are written into both pages from Profil Lembaga; the
 * pages are written again when the profile changes (`profil` answers the same object until then).
 */
/**
 * The build's route-preloads.json (apps/web/vite.config.ts): `early`, the small script that asks
 * for the first screen's data, and under `routes` each page's address pattern (`/nasabah/:id`)
 * with the script files its code needs beyond the app's entry. Absent (an older build): none.
 */
function appScripts(json: string | null) {
  const script = (file: unknown): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+\.js$/.test(file);
  if (json === null) return { early: null, routes: [] };
  const table = JSON.parse(json) as { early?: unknown; routes?: Record<string, string[]> };
  return {
    early: script(table.early) ? table.early : null,
    routes: Object.entries(table.routes ?? {}).map(([pattern, files]) => ({
      pattern,
      match: new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`),
      files: files.filter(script),
    })),
  };
}

export async function spaPlugin(app: FastifyInstance, opts: { distDir: string; profil: () => Promise<PageProfil> }) {
  const read = (file: string) => {
    const full = path.join(opts.distDir, file);
    return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
  };
  const templates = { landing: read('index.html'), app: read('app.html') };
  const scripts = appScripts(read('route-preloads.json'));
  const missing =
    '<!doctype html><html lang="id"><meta charset="utf-8"><title>mizan</title>' +
    '<p>Aplikasi web belum dibangun. Jalankan <code>npm run build</code> lalu mulai ulang server.</p></html>';
  let written: { from: PageProfil; landing: string; app: string } | null = null;
  const pages = async () => {
    const profil = await opts.profil();
    if (written?.from !== profil) {
      const fill = (template: string | null) =>
        template === null
          ? missing
          : template
              .replaceAll('%INSTITUTION_NAME%', () => escapeHtml(profil.nama))
              .replaceAll('%INSTITUTION_LOGO%', () => escapeHtml(profil.logoUrl ?? '/favicon.svg'))
              .replaceAll('%INSTITUTION_CONTACT%', () => contactHtml(profil));
      // The early script first in app.html, fetched at once and run as soon as it arrives, ahead
      // of the app's entry (issue 28 C).
      const early = scripts.early
        ? `<script type="module" async fetchpriority="high" crossorigin src="${escapeHtml(scripts.early)}"></script>`
        : '';
      written = {
        from: profil,
        landing: fill(templates.landing),
        app: fill(templates.app).replace(/<head>/, () => `<head>${early}`),
      };
    }
    return written;
  };

  if (fs.existsSync(path.join(opts.distDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(opts.distDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
      // The build writes each script and stylesheet also as .br and .gz (apps/web/vite.config.ts):
      // sent as they are to a browser that accepts them, smaller than compressing on the fly.
      preCompressed: true,
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

  app.get('/', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send((await pages()).landing),
  );

  // app.html of one address: with the page's own script files announced (route-preloads.json),
  // remembered per route until the profile changes.
  let perRoute = new Map<string, string>();
  let perRouteOf: object | null = null;
  const appHtml = async (pathname: string) => {
    const written = await pages();
    const route = scripts.routes.find((r) => r.match.test(pathname));
    if (!route) return written.app;
    if (perRouteOf !== written) {
      perRoute = new Map();
      perRouteOf = written;
    }
    let html = perRoute.get(route.pattern);
    if (!html) {
      const links = route.files.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`).join('');
      html = written.app.replace('</head>', () => `${links}</head>`);
      perRoute.set(route.pattern, html);
    }
    return html;
  };
  return { appHtml };
}
