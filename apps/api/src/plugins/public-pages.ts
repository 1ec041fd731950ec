import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLanguageCode, LANGUAGES, type LanguageCode } from '@exhale/contract/languages';
import { publicOrigin } from '../lib/public-origin';
import { sanitizeHtml } from '../lib/sanitize-html';
import { TtlCache } from '../lib/ttl-cache';
import { CONTENT_CACHE_TTL_MS } from '../modules/content/content.service';
import { inProcessFetch, pageRendererAt } from './page-renderer';

/** Blog and news pages rendered, at most, per process (unknown post ids included). */
const MAX_RENDERED_PAGES = 500;

/** Every `<dir>/**\/*.html` as its page path: 'index.html' → '/', 'a/b.html' → '/a/b'. */
function findPages(dir: string, prefix = ''): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      for (const page of findPages(path.join(dir, entry.name), `${relative}/`)) {
        pages.set(...page);
      }
    } else if (entry.name.endsWith('.html')) {
      const page = relative.slice(0, -'.html'.length);
      pages.set(page === 'index' ? '/' : `/${page}`, relative);
    }
  }
  return pages;
}

/**
 * The language a visitor reads, as the app remembered it in the `lang` cookie (apps/web
 * lib/i18n.ts setLanguage); English without one or with an unknown value, as the app itself
 * starts in English for a first visit (it does not read Accept-Language either).
 */
export function pageLanguage(request: FastifyRequest): LanguageCode {
  const value = cookieValue(request, 'lang');
  return value && isLanguageCode(value) ? value : 'en';
}

/** The first cookie of that name the request carries (undefined without one). */
export function cookieValue(request: FastifyRequest, cookie: string): string | undefined {
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const [name, value] = part.split('=', 2).map((text) => text.trim());
    if (name === cookie) return value ?? '';
  }
  return undefined;
}

/** A page that depends on the cookie: a shared cache keeps one copy per cookie, never mixing them. */
export const sendPage = (reply: FastifyReply) =>
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'cookie')
    .type('text/html; charset=utf-8');

/** The app's shell, as the not-found handler sends it for the app's other pages (errors.ts). */
const sendShell = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');

/**
 * The public pages as HTML with their content (decision 062), registered by the web plugin after
 * the static files:
 *
 * - pages without data (landing, marketing, help centre, legal) were rendered by the web build
 *   into `pages/<lang>/` and are sent as files, precompressed, in the visitor's language
 *   (`pageLanguage`; English where a language's file is missing);
 * - blog and news pages are rendered here on first request in the visitor's language with the
 *   web's server build, their data read from this API in-process, and kept per language for
 *   `CONTENT_CACHE_TTL_MS` like the content lists; an operator's blog or news change clears them
 *   in this process at once.
 *
 * A path that renders no page (an unknown post, a failed read) gets the app's shell, as before.
 */
export const publicPagesPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  // Every page's file per language: English decides which paths are pages.
  const files = new Map<LanguageCode, Map<string, string>>(
    LANGUAGES.map((lang) => [lang, findPages(path.join(opts.root, 'pages', lang))]),
  );
  for (const [pagePath, file] of files.get('en')!) {
    app.get(pagePath, { schema: { hide: true } }, (request, reply) => {
      const lang = pageLanguage(request);
      const own = files.get(lang)!.get(pagePath);
      return sendPage(reply).sendFile(own ? `pages/${lang}/${own}` : `pages/en/${file}`);
    });
  }

  const loadRenderer = pageRendererAt(opts.root);
  if (!loadRenderer) {
    app.log.warn(
      { root: opts.root },
      'web server build not found; blog and news pages render in the browser',
    );
    return;
  }
  const template = readFileSync(path.join(opts.root, 'index.html'), 'utf8');
  const fetchInProcess = inProcessFetch(app);

  const rendered = new TtlCache<string | null>(CONTENT_CACHE_TTL_MS, app.clock, MAX_RENDERED_PAGES);
  app.contentChanges.subscribe(() => rendered.clear());

  const renderContentPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pagePath = decodeURI(request.url.split('?')[0]!);
    const origin = publicOrigin(app.config, request);
    const lang = pageLanguage(request);
    let html: string | null = null;
    try {
      html = await rendered.get(`${lang} ${origin}${pagePath}`, async () => {
        const { render } = await loadRenderer();
        const page = await render({
          path: pagePath,
          lang,
          template,
          origin,
          sanitize: sanitizeHtml,
          fetch: fetchInProcess,
        });
        return page?.html ?? null;
      });
    } catch (error) {
      // The browser can still render the page from the shell.
      request.log.error({ err: error, path: pagePath }, 'page render failed');
    }
    if (html === null) return sendShell(reply);
    return sendPage(reply).send(html);
  };
  for (const pagePath of ['/blog', '/blog/:id', '/new-and-media']) {
    app.get(pagePath, { schema: { hide: true } }, renderContentPage);
  }
});
