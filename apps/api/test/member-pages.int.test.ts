import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAccount, type TestAccount } from './accounts';
import { createTestApp } from './app';

// A web build with the dashboard's shell (decision 070) and a server render (decision 076) that
// draws the dashboard the way the real one does: with the member's profile, read from this API
// with the session it was given. It names what it saw, so the test sees which session went in.
// The real render is exercised by e2e/tests/html-first.spec.ts.
const build = mkdtempSync(path.join(tmpdir(), 'exhale-member-pages-'));
const webRoot = path.join(build, 'dist');
afterAll(() => rmSync(build, { recursive: true, force: true }));

mkdirSync(path.join(webRoot, '.vite'), { recursive: true });
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html lang="en"><head></head><body><div id="root">shell</div></body></html>',
);
writeFileSync(
  path.join(webRoot, '.vite/shell-preloads.json'),
  JSON.stringify({
    '/dashboard': { modules: ['/assets/dashboard-1.js'], texts: { en: [] } },
    '/sos': { modules: ['/assets/sos-1.js'], texts: { en: [] } },
  }),
);
mkdirSync(path.join(build, 'dist-ssr'));
writeFileSync(
  path.join(build, 'dist-ssr/entry-server.js'),
  `export async function render({ path, session, fetch, template }) {
  if (session === 'slow') return new Promise(() => {});
  const res = await fetch(new Request('http://server-render.invalid/api/user/profile', {
    headers: { authorization: 'Bearer ' + session },
  }));
  if (res.status !== 200) return null;
  const { data } = await res.json();
  const code = template.includes('<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js">');
  return { html: '<!doctype html><html><body>' + path + ' of ' + data.name + (code ? ', naming its code' : '') + '</body></html>' };
}
export const isContentPage = () => false;
export const isMemberPage = (path) => path === '/dashboard';
`,
);

describe("a member's dashboard as HTML", () => {
  let app: FastifyInstance;
  let member: TestAccount;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp(
      { WEB_DIST_DIR: webRoot, LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
    member = await registerAccount(app, { name: 'Kavya Menon', step: 1 });
  });
  afterAll(() => app.close());

  const dashboard = (cookie?: string) =>
    app.inject({ url: '/dashboard', headers: cookie ? { cookie } : {} });

  it('is drawn with the member of the session cookie, and never kept by any cache', async () => {
    const res = await dashboard(`lang=en; session=${member.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Rendered into the shell that names the page's code, for the render's loader to ask for.
    expect(res.body).toContain('/dashboard of Kavya Menon, naming its code');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('is the shell, naming its code, without the cookie or on a page the server does not draw', async () => {
    const res = await dashboard();
    expect(res.body).toContain('<div id="root">shell</div>');
    expect(res.body).toContain('href="/assets/dashboard-1.js"');
    expect(res.headers['cache-control']).toBe('no-cache');

    const sos = await app.inject({ url: '/sos', headers: { cookie: `session=${member.token}` } });
    expect(sos.body).toContain('<div id="root">shell</div>');
    expect(sos.body).not.toContain('Kavya Menon');
  });

  it('is the shell for a session the server no longer accepts', async () => {
    const other = await registerAccount(app, { name: 'Arjun Das', step: 1 });
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/user/logout',
      headers: bearer(other.token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    for (const cookie of [`session=${other.token}`, 'session=not-a-token', 'session=']) {
      const res = await dashboard(cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toContain('<div id="root">shell</div>');
      expect(res.body, cookie).not.toContain('Arjun Das');
    }
  });

  it('is the shell when the render takes too long', async () => {
    const started = Date.now();
    const res = await dashboard('session=slow');
    expect(res.body).toContain('<div id="root">shell</div>');
    expect(Date.now() - started).toBeLessThan(5000);
    // The operators can see that members lost their quick page, and why.
    const warnings = logLines.map((line) => JSON.parse(line) as { msg: string; path?: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({
        msg: 'member page render was late; sent the shell',
        path: '/dashboard',
      }),
    );
  });

  it('is the shell at once while the server is busy drawing four others', async () => {
    const slow = Array.from({ length: 4 }, () => dashboard('session=slow'));
    // Each of them reaches its render within a moment (inject goes through the whole stack).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const busy = await dashboard(`session=${member.token}`);
    expect(busy.body).toContain('<div id="root">shell</div>');
    expect(Date.now() - started).toBeLessThan(1000);
    await Promise.all(slow);
    expect((await dashboard(`session=${member.token}`)).body).toContain('of Kavya Menon');
  });
});

describe("a member's dashboard and the rate limit", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ WEB_DIST_DIR: webRoot, RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => app.close());

  it("counts the render's API calls against the member's address, not the server's", async () => {
    const member = await registerAccount(app, { name: 'Kavya Menon', step: 1 });
    const open = (remoteAddress: string) =>
      app.inject({
        url: '/dashboard',
        remoteAddress,
        headers: { cookie: `session=${member.token}` },
      });
    // Each render reads the profile once: three fit in a minute's budget, the fourth does not.
    for (let visit = 1; visit <= 3; visit += 1) {
      expect((await open('203.0.113.7')).body, `visit ${visit}`).toContain('of Kavya Menon');
    }
    expect((await open('203.0.113.7')).body).toContain('<div id="root">shell</div>');
    // Another member's address has its own budget.
    expect((await open('198.51.100.20')).body).toContain('of Kavya Menon');
  });
});
