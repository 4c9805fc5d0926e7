import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { pngBytes, populate } from './populate';

// Answers are compressed for clients that accept it (app.ts): what arrives must decode to exactly
// the uncompressed answer, and small or already-compressed answers are sent as they are.
describe('response compression', () => {
  let t: TestApp;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-dist-'));
  // Text that compresses well, like a built script.
  const script = Array.from({ length: 400 }, (_, i) => `export const nilai${i} = ${i} * 1000;`).join('\n');

  beforeAll(async () => {
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>%INSTITUTION_NAME%</title>');
    fs.writeFileSync(path.join(distDir, 'og-image.png'), Buffer.concat([pngBytes(), Buffer.alloc(4096, 7)]));
    t = await createTestApp({ webDistDir: distDir });
    await populate(t, { customers: 20 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const list = (acceptEncoding?: string) =>
    t.request({
      method: 'GET',
      url: '/api/nasabah?limit=1000',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a list page as brotli when the browser accepts it, decoding to the same answer', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(20);

    const res = await list('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('falls back to gzip, and to no encoding for a client that asks for none it has', async () => {
    const plain = await list();
    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    const identity = await list('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('sends small answers and images as they are', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();

    const image = await t.request({ method: 'GET', url: '/og-image.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(fs.readFileSync(path.join(distDir, 'og-image.png')))).toBe(true);
  });

  it("compresses the app's scripts and keeps their long caching", async () => {
    const res = await t.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      token: null,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(script);
  });
});
