/**
 * After `vite build` and the server build: writes the HTML of every public page without data
 * (entry-server.tsx STATIC_PAGES) into dist/pages/, with a .br and .gz beside each, as the API
 * serves them (apps/api/src/plugins/public-pages.ts, decision 062). PUBLIC_URL, when set, makes
 * og:url and the canonical links absolute (as absoluteShareImage does for index.html).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(web, 'dist');
const { render, STATIC_PAGES, staticPageFile } = await import(
  path.join(web, 'dist-ssr/entry-server.js')
);
const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const origin = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).origin : '';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

for (const page of STATIC_PAGES) {
  const result = await render({ path: page, template, origin });
  if (!result) throw new Error(`${page} did not render`);
  const file = path.join(dist, staticPageFile(page));
  await mkdir(path.dirname(file), { recursive: true });
  const html = Buffer.from(result.html);
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
console.log(`prerendered ${STATIC_PAGES.length} pages into dist/pages/`);
