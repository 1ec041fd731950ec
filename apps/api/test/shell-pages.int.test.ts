import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app';

// A web build's shell and the preloads file its build writes beside Vite's manifest
// (apps/web/scripts/shell-preloads.ts, decision 070).
const webRoot = mkdtempSync(path.join(tmpdir(), 'exhale-shell-pages-'));
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const shell =
  '<!doctype html><html lang="en"><head>\n' +
  '<script type="module" crossorigin src="/assets/index-A.js"></script>\n</head>' +
  `<body><div id="root">shell</div>${'<p>.</p>'.repeat(200)}</body></html>`;
writeFileSync(path.join(webRoot, 'index.html'), shell);
mkdirSync(path.join(webRoot, '.vite'));
writeFileSync(
  path.join(webRoot, '.vite/shell-preloads.json'),
  JSON.stringify({
    '/dashboard': {
      modules: ['/assets/dashboard-G.js', '/assets/cards-D.js', '/assets/x.js"><script>alert(1)'],
      texts: { en: ['/assets/en-I.js'], hi: ['/assets/hi-J.js'] },
    },
  }),
);

const preloads = (html: string) =>
  [
    ...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g),
  ].map((m) => m[1]);

describe("signed-in pages' shell with their code named", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ WEB_DIST_DIR: webRoot });
  });
  afterAll(() => app.close());

  it("names the dashboard's code and the catalogues of the visitor's language in its <head>", async () => {
    const res = await app.inject({ url: '/dashboard', headers: { cookie: 'lang=hi' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">shell</div>');
    expect(preloads(res.body)).toEqual([
      '/assets/dashboard-G.js',
      '/assets/cards-D.js',
      '/assets/hi-J.js',
    ]);
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    // One copy per language in shared caches, and revalidated after every deploy.
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('names the English catalogues without a lang cookie', async () => {
    const res = await app.inject({ url: '/dashboard' });
    expect(preloads(res.body)).toEqual([
      '/assets/dashboard-G.js',
      '/assets/cards-D.js',
      '/assets/en-I.js',
    ]);
  });

  it('names no file that is not a script of the build', async () => {
    const res = await app.inject({ url: '/dashboard' });
    expect(res.body).not.toContain('alert(1)');
  });

  it("removes the session cookie the dashboard's server render once read, and reads nothing from it", async () => {
    const res = await app.inject({ url: '/dashboard', headers: { cookie: 'session=a-token' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">shell</div>');
    expect(res.headers['set-cookie']).toBe('session=; Path=/dashboard; Max-Age=0; SameSite=Lax');
    // A request without it is told nothing about cookies.
    const plain = await app.inject({ url: '/dashboard', headers: { cookie: 'lang=hi' } });
    expect(plain.headers['set-cookie']).toBeUndefined();
  });

  it('sends any other page of the app the shell as it is', async () => {
    const res = await app.inject({ url: '/sos', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">shell</div>');
    expect(preloads(res.body)).toEqual([]);
  });
});
