import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGES, type LanguageCode } from '@exhale/contract/languages';
import { pageLanguage, sendPage } from './public-pages';

/** What the web build writes (apps/web/scripts/shell-preloads.ts). */
type ShellPreloads = Record<string, { modules: string[]; texts: Record<string, string[]> }>;

const PRELOADS_FILE = path.join('.vite', 'shell-preloads.json');

/**
 * The shell with a `<link rel="modulepreload">` per file, as Vite writes its own but at low
 * priority: the stylesheet and the entry go first, so the splash paints no later than before.
 */
export function withPreloads(template: string, files: string[]): string {
  const links = files
    .filter((file) => /^\/assets\/[\w.~-]+\.js$/.test(file))
    .map((file) => `  <link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">\n`)
    .join('');
  return template.replace('</head>', `${links}  </head>`);
}

/**
 * Signed-in pages the app draws in the browser, sent as the app's shell that also names the
 * page's code (decision 070): the browser fetches it while it reads the HTML instead of once the
 * entry has run and the router has found the page, and the app then finds each file already asked
 * for (Vite's preload helper adds no link of its own). The text catalogues named are those of the
 * visitor's language (the `lang` cookie). An installed app's navigations get the shell from its
 * service worker, its code from the cache.
 */
export const shellPagesPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const file = path.join(opts.root, PRELOADS_FILE);
  if (!existsSync(file)) return;
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as ShellPreloads;
  const template = readFileSync(path.join(opts.root, 'index.html'), 'utf8');
  for (const [pagePath, page] of Object.entries(preloads)) {
    const files = (lang: LanguageCode) => [...page.modules, ...(page.texts[lang] ?? [])];
    const html = new Map(LANGUAGES.map((lang) => [lang, withPreloads(template, files(lang))]));
    app.get(pagePath, { schema: { hide: true } }, async (request, reply) =>
      sendPage(reply).send(html.get(pageLanguage(request))),
    );
  }
});
