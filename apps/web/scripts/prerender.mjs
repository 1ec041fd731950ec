/**
 * After `vite build` and the server build: writes the HTML of every public page without data
 * (entry-server.tsx STATIC_PAGES) in every language the app offers into dist/pages/<lang>/, with a
 * .br and .gz beside each, as the API serves them by the visitor's `lang` cookie
 * (apps/api/src/plugins/public-pages.ts, decision 062). PUBLIC_URL, when set, makes og:url and the
 * canonical links absolute (as absoluteShareImage does for index.html).
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(web, 'dist');
const { render, STATIC_PAGES, PAGE_LANGUAGES, staticPageFile } = await import(
  path.join(web, 'dist-ssr/entry-server.js')
);
const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const origin = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).origin : '';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const started = performance.now();
// Written beside dist/pages/ and moved there at the end: a build stopped halfway leaves no
// half-written pages (scripts/start.mjs looks for pages/en/index.html), and no page of an
// earlier build (one since removed) stays behind.
const pages = path.join(dist, 'pages');
const next = path.join(dist, 'pages.next');
await rm(next, { recursive: true, force: true });
/** Compressing takes most of the time: it runs while the next page renders. */
const writes = [];
for (const lang of PAGE_LANGUAGES) {
  for (const page of STATIC_PAGES) {
    const result = await render({ path: page, lang, template, origin });
    if (!result) throw new Error(`${page} (${lang}) did not render`);
    const file = path.join(next, path.relative('pages', staticPageFile(page, lang)));
    writes.push(write(file, Buffer.from(result.html)));
  }
}
await Promise.all(writes);
await rm(pages, { recursive: true, force: true });
await rename(next, pages);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `prerendered ${STATIC_PAGES.length} pages × ${PAGE_LANGUAGES.length} languages into dist/pages/ in ${seconds} s`,
);

async function write(file, html) {
  await mkdir(path.dirname(file), { recursive: true });
  const [br, gz] = await Promise.all([
    brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    gzipAsync(html, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    writeFile(file, html),
    writeFile(`${file}.br`, br),
    writeFile(`${file}.gz`, gz),
  ]);
}
