import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app';

// A web build as `npm run build` writes it (decision 062): the shell, the static public pages per
// language under pages/<lang>/, and the server render in ../dist-ssr. The server render here
// writes the language and path it was asked for and counts its renders, so the test sees which
// language the API asked for and when it rendered again; the real one is exercised by
// e2e/tests/html-first.spec.ts.
const build = mkdtempSync(path.join(tmpdir(), 'exhale-pages-'));
const webRoot = path.join(build, 'dist');
afterAll(() => rmSync(build, { recursive: true, force: true }));

const page = (lang: string, text: string) =>
  `<!doctype html><html lang="${lang}"><body><h1>${text}</h1>${'<p>.</p>'.repeat(200)}</body></html>`;

function writeWithCompressed(file: string, html: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  writeFileSync(`${file}.br`, brotliCompressSync(html));
  writeFileSync(`${file}.gz`, gzipSync(html));
}

writeWithCompressed(path.join(webRoot, 'index.html'), page('en', 'shell'));
writeWithCompressed(path.join(webRoot, 'pages/en/index.html'), page('en', 'Quit smoking'));
writeWithCompressed(path.join(webRoot, 'pages/hi/index.html'), page('hi', 'धूम्रपान छोड़ें'));
writeWithCompressed(path.join(webRoot, 'pages/ta/index.html'), page('ta', 'புகைப்பதை நிறுத்துங்கள்'));
writeWithCompressed(
  path.join(webRoot, 'pages/en/help-center/contact-us.html'),
  page('en', 'Contact'),
);
mkdirSync(path.join(build, 'dist-ssr'));
writeFileSync(
  path.join(build, 'dist-ssr/entry-server.js'),
  `let renders = 0;
export async function render({ path, lang = 'en' }) {
  if (path === '/blog/missing') return null;
  renders += 1;
  return { html: '<!doctype html><html lang="' + lang + '"><body>' + path + ' #' + renders + '</body></html>' };
}
export const isContentPage = () => true;
`,
);

const htmlLang = (body: string) => /<html lang="([^"]*)"/.exec(body)?.[1];
const varies = (vary: unknown, header: string) =>
  String(vary ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
    .includes(header);

describe('public pages in the visitor language', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ WEB_DIST_DIR: webRoot });
  });

  it('sends the prerendered page in the language of the lang cookie', async () => {
    const hindi = await app.inject({ url: '/', headers: { cookie: 'theme=dark; lang=hi' } });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.headers['content-type']).toMatch(/^text\/html/);
    expect(htmlLang(hindi.body)).toBe('hi');
    expect(hindi.body).toContain('धूम्रपान छोड़ें');

    const tamil = await app.inject({ url: '/', headers: { cookie: 'lang=ta' } });
    expect(htmlLang(tamil.body)).toBe('ta');
  });

  it('sends English without the cookie, with an unknown language, or where a language has no file', async () => {
    for (const cookie of [undefined, 'lang=xx', 'lang=', 'lang=HI', 'language=hi']) {
      const res = await app.inject({ url: '/', headers: cookie ? { cookie } : {} });
      expect(res.statusCode, cookie).toBe(200);
      expect(htmlLang(res.body), cookie).toBe('en');
      expect(res.body, cookie).toContain('Quit smoking');
    }
    const fallback = await app.inject({
      url: '/help-center/contact-us',
      headers: { cookie: 'lang=hi' },
    });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('Contact');
  });

  it('says that the page depends on the cookie, compressed or not, and is revalidated', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await app.inject({
        url: '/',
        headers: { cookie: 'lang=hi', 'accept-encoding': encoding },
      });
      expect(res.statusCode, encoding).toBe(200);
      expect(varies(res.headers.vary, 'cookie'), encoding).toBe(true);
      expect(res.headers['cache-control'], encoding).toBe('no-cache');
    }
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers.vary, 'accept-encoding')).toBe(true);
  });

  it('renders blog and news pages in the visitor language and keeps one copy per language', async () => {
    const first = await app.inject({ url: '/blog', headers: { cookie: 'lang=bn' } });
    expect(first.statusCode).toBe(200);
    expect(htmlLang(first.body)).toBe('bn');
    expect(varies(first.headers.vary, 'cookie')).toBe(true);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await app.inject({ url: '/blog', headers: { cookie: 'lang=bn' } });
    expect(again.body).toBe(first.body);

    const english = await app.inject({ url: '/blog' });
    expect(htmlLang(english.body)).toBe('en');
    expect(english.body).not.toBe(first.body);
    const unknown = await app.inject({ url: '/blog', headers: { cookie: 'lang=fr' } });
    expect(unknown.body).toBe(english.body);

    const news = await app.inject({ url: '/new-and-media', headers: { cookie: 'lang=te' } });
    expect(htmlLang(news.body)).toBe('te');
  });

  it('sends the shell for a post that renders no page', async () => {
    const res = await app.inject({ url: '/blog/missing', headers: { cookie: 'lang=hi' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('shell');
  });
});
