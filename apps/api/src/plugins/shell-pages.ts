import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGES, type LanguageCode } from '@exhale/contract/languages';
import { publicOrigin } from '../lib/public-origin';
import { inProcessFetch, pageRendererAt } from './page-renderer';
import { cookieValue, pageLanguage, sendPage } from './public-pages';

/** The cookie the web app keeps the member's session in for the dashboard (apps/web lib/page-session.ts). */
const PAGE_SESSION_COOKIE = 'session';

/** What the web build writes (apps/web/scripts/shell-preloads.ts). */
type ShellPreloads = Record<string, { modules: string[]; texts: Record<string, string[]> }>;

const PRELOADS_FILE = path.join('.vite', 'shell-preloads.json');

/**
 * The shell with a `<link rel="modulepreload">` per file, as Vite writes its own but at low
 * priority: the stylesheet and the entry go first, so the splash paints no later than before.
 */
export function withPreloads(
  template: string,
  files: string[],
  priority = ' fetchpriority="low"',
): string {
  const links = files
    .filter((file) => /^\/assets\/[\w.~-]+\.js$/.test(file))
    .map((file) => `  <link rel="modulepreload" crossorigin${priority} href="${file}">\n`)
    .join('');
  return template.replace('</head>', `${links}  </head>`);
}

/** Members' pages being rendered or waiting, at most: beyond that a member gets the shell at once. */
const MAX_MEMBER_RENDERS = 4;
/** How long a member's page may take to render before the shell is sent instead. */
const MEMBER_RENDER_TIMEOUT_MS = 1500;

/**
 * Signed-in pages the app draws in the browser, sent as the app's shell that also names the
 * page's code (decision 070): the browser fetches it while it reads the HTML instead of once the
 * entry has run and the router has found the page, and the app then finds each file already asked
 * for (Vite's preload helper adds no link of its own). The text catalogues named are those of the
 * visitor's language (the `lang` cookie). An installed app's navigations get the shell from its
 * service worker, its code from the cache.
 *
 * The dashboard comes with the member's own content when the request carries their session in
 * its cookie (decision 076, apps/web lib/page-session.ts): rendered here with the web's server
 * build, its data read from this API in-process with that session, never kept (`no-store`). A
 * request without the cookie, with a session the API no longer accepts, or while the server is
 * busy rendering others gets the shell, and the app draws the page as before.
 */
export const shellPagesPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const file = path.join(opts.root, PRELOADS_FILE);
  if (!existsSync(file)) return;
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as ShellPreloads;
  const template = readFileSync(path.join(opts.root, 'index.html'), 'utf8');
  const renderMemberPage = memberPageRenderer(app, opts.root);
  for (const [pagePath, page] of Object.entries(preloads)) {
    const files = (lang: LanguageCode) => [...page.modules, ...(page.texts[lang] ?? [])];
    const html = new Map(LANGUAGES.map((lang) => [lang, withPreloads(template, files(lang))]));
    // A member's page drawn here names the same code as index.html names the entry's: the
    // render's loader asks for all of it once the page is painted (decision 069).
    const frames = new Map(
      LANGUAGES.map((lang) => [lang, withPreloads(template, files(lang), '')]),
    );
    app.get(pagePath, { schema: { hide: true } }, async (request, reply) => {
      const lang = pageLanguage(request);
      const own = await renderMemberPage(request, pagePath, lang, frames.get(lang)!);
      if (own !== null) {
        return reply
          .header('cache-control', 'no-store')
          .header('vary', 'cookie')
          .type('text/html; charset=utf-8')
          .send(own);
      }
      return sendPage(reply).send(html.get(lang));
    });
  }
});

/** The member's own page as HTML, or null when the shell should answer (see above). */
function memberPageRenderer(app: FastifyInstance, root: string) {
  const loadRenderer = pageRendererAt(root);
  let rendering = 0;
  return async (
    request: FastifyRequest,
    pagePath: string,
    lang: LanguageCode,
    template: string,
  ): Promise<string | null> => {
    const session = cookieValue(request, PAGE_SESSION_COOKIE);
    if (!loadRenderer || !session || rendering >= MAX_MEMBER_RENDERS) return null;
    rendering += 1;
    let timer: NodeJS.Timeout | undefined;
    try {
      const renderer = await loadRenderer();
      if (!renderer.isMemberPage?.(pagePath)) return null;
      const page = renderer.render({
        path: pagePath,
        lang,
        template,
        origin: publicOrigin(app.config, request),
        fetch: inProcessFetch(app, request.ip),
        session,
      });
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), MEMBER_RENDER_TIMEOUT_MS);
      });
      const result = await Promise.race([page, late]);
      if (result === null) {
        void page.catch(() => undefined);
        // The member still gets their page, drawn by the app; a server that logs this often is
        // too busy or too slow to render members' pages, and they lose the quick first paint.
        request.log.warn(
          { path: pagePath, timeoutMs: MEMBER_RENDER_TIMEOUT_MS },
          'member page render was late; sent the shell',
        );
      }
      return result?.html ?? null;
    } catch (error) {
      // The browser can still draw the page from the shell.
      request.log.error({ err: error, path: pagePath }, 'member page render failed');
      return null;
    } finally {
      clearTimeout(timer);
      rendering -= 1;
    }
  };
}
