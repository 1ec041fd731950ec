/**
 * The server-rendered public pages load the app after their first paint (decision 069): index.html's
 * module script and modulepreloads become one small deferred script (scripts/paint-first.js) that
 * adds them once the page is on screen. On a slow connection the app's code (about 130 KiB) no
 * longer shares the bandwidth with the stylesheet and the page's picture before the first paint,
 * and a visitor reads the page sooner; the app takes it over a moment later, as before.
 */

/** The meta tag in which the web build names the loader's hashed file (scripts/paint-first-loader.ts). */
export const PAINT_FIRST_META = 'exhale:paint-first';

const LOADER_META = new RegExp(`\\s*<meta name="${PAINT_FIRST_META}" content="([^"]+)">`);
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** index.html made a server-rendered page's frame; a template without the loader is left as it is. */
export function loadAfterPaint(template: string): string {
  const loader = LOADER_META.exec(template)?.[1];
  const entry = ENTRY.exec(template)?.[1];
  if (!loader || !entry) return template.replace(LOADER_META, '');
  const preloads = [...template.matchAll(PRELOAD)].map((match) => match[1]!);
  const script =
    `<script defer src="${escapeAttribute(loader)}" data-entry="${escapeAttribute(entry)}"` +
    ` data-preload="${escapeAttribute(preloads.join(' '))}"></script>`;
  return template.replace(LOADER_META, '').replace(PRELOAD, '').replace(ENTRY, script);
}
