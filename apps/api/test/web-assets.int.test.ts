import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app';

// A web build as `vite build` writes it: index.html, and hashed assets with a `.br` and a `.gz`
// of each next to them (apps/web/vite.config.ts, precompressAssets).
const script = `export const greeting = ${JSON.stringify('namaste '.repeat(400))};\n`;
const webRoot = mkdtempSync(path.join(tmpdir(), 'exhale-web-'));
mkdirSync(path.join(webRoot, 'assets'));
const indexHtml = `<!doctype html><html lang="en"><head><title>Exhale</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`;
writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
writeFileSync(path.join(webRoot, 'index.html.br'), brotliCompressSync(indexHtml));
writeFileSync(path.join(webRoot, 'index.html.gz'), gzipSync(indexHtml));
writeFileSync(path.join(webRoot, 'assets/index-Ab12Cd34.js'), script);
writeFileSync(path.join(webRoot, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webRoot, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('web assets', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ WEB_DIST_DIR: webRoot });
  });

  it('sends the prebuilt brotli file to a browser that accepts br, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // Compressed once: one brotli decode gives the file back (no second layer from
    // @fastify/compress).
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the prebuilt gzip file to a client that accepts only gzip', async () => {
    const res = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const res = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(script);
  });

  it('sends the app shell precompressed too, revalidated on every load', async () => {
    const res = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml);
  });
});
