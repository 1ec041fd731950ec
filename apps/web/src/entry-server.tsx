/**
 * The server render of the public pages (decision 062): built as one Node module
 * (`vite build --ssr`, dist-ssr/entry-server.js), run by scripts/prerender.ts after the build for
 * the pages without data, and by the API (apps/api/src/plugins/public-pages.ts) for blog and news
 * pages, which it renders again when an operator publishes.
 *
 * A page renders as a visitor sees it: no session, in the language asked for (the visitor's `lang`
 * cookie, decision 062), the same route table and app tree as the browser (app/router.tsx,
 * app/app-tree.tsx), with the data its route loaders fetched. The result is the built index.html
 * with the page's markup in #root, its <title> and <meta> in <head>, and what the browser needs to
 * hydrate it (the query cache and the router's loader data) in a non-executable
 * `application/json` script, which the CSP's `script-src 'self'` allows.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { AppTree } from './app/app-tree';
import { showsSplash } from './app/splash';
import { setServerSanitizer } from './components/ui/safe-html';
import { PRERENDER_DATA_ID, type PrerenderData } from './app/prerender-data';
import { routes } from './app/router';
import { setServerFetch } from './lib/api';
import { setServerOrigin } from './lib/head';
import { loadAfterPaint } from './server/load-after-paint';
import { initI18n, isLanguage, loadAllTexts, setLanguage, type Language } from './lib/i18n';
import { queryClient } from './lib/query-client';

export interface RenderOptions {
  /** The page's path, e.g. '/blog/42'. */
  path: string;
  /** The language to render it in (default English); an unknown code renders nothing. */
  lang?: string;
  /** The built index.html (apps/web/dist/index.html), the page's frame. */
  template: string;
  /** The site's origin for og:url and the canonical link (PUBLIC_URL); '' writes them site-relative. */
  origin?: string;
  /** Cleans editors' HTML (the API's sanitiser); without it a page showing such HTML fails. */
  sanitize?: (html: string) => string;
  /** Answers the page's API requests ('/api/...'); without it a page that needs data fails. */
  fetch?: (request: Request) => Promise<Response>;
}

/** The page's HTML, or null when the path is no page to prerender (not found, a redirect, a failed request). */
export type RenderResult = { html: string } | null;

/** One render at a time: the app's query cache and API hook are module-wide. */
let queue: Promise<unknown> = Promise.resolve();

export function render(options: RenderOptions): Promise<RenderResult> {
  const next = queue.then(() => renderNow(options));
  queue = next.catch(() => undefined);
  return next;
}

const ORIGIN = 'http://server-render.invalid';

async function renderNow({
  path,
  lang = 'en',
  template,
  fetch,
  sanitize,
  origin = '',
}: RenderOptions): Promise<RenderResult> {
  if (!isLanguage(lang)) return null;
  await initI18n();
  // The shell's catalogue in this language; the page's route loaders load its namespaces in it.
  await setLanguage(lang);
  await loadAllTexts();
  queryClient.clear();
  setServerFetch(fetch);
  setServerOrigin(origin);
  setServerSanitizer(sanitize);
  try {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(path, ORIGIN)));
    if (context instanceof Response) return null;
    if (context.errors || context.statusCode !== 200) return null;
    // The not-found page answers every unknown path: the browser renders it from the shell.
    if (context.matches.some((match) => match.route.path === '*')) return null;
    // The loaders start the page's requests without waiting for them (as in the browser).
    while (queryClient.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 2));
    if (
      queryClient
        .getQueryCache()
        .findAll({ type: 'all' })
        .some((q) => q.state.status === 'error')
    ) {
      return null;
    }

    const router = createStaticRouter(handler.dataRoutes, context);
    const tree = (
      <AppTree client={queryClient} prerendered splash={showsSplash(path)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppTree>
    );
    // Lazy parts are left to the browser.
    const body = renderToString(tree);
    const data: PrerenderData = {
      path,
      origin,
      lang,
      queries: dehydrate(queryClient),
      loaderData: context.loaderData,
    };
    return { html: fillTemplate(template, body, data) };
  } finally {
    setServerFetch(undefined);
    setServerSanitizer(undefined);
    queryClient.clear();
  }
}

/** Tags React hoists out of the page: its <title>, <meta> and <link> elements, first in the output. */
const HOISTED = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/;

/** index.html's tags that a page's own replace. */
function defaultsReplacedBy(hoisted: string): RegExp[] {
  const replaced: RegExp[] = [];
  if (hoisted.includes('name="description"')) replaced.push(/<meta\s+name="description"[^>]*>\s*/);
  for (const [, property] of hoisted.matchAll(/property="(og:[a-z:]+)"/g)) {
    replaced.push(new RegExp(`<meta\\s+property="${property}"[^>]*>\\s*`));
  }
  // The page's own picture: the card's size and alt text would describe the wrong image.
  if (/property="og:image"/.test(hoisted) && !/property="og:image:width"/.test(hoisted)) {
    replaced.push(/<meta\s+property="og:image:[a-z]+"[^>]*>\s*/g);
  }
  return replaced;
}

const escapeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function fillTemplate(template: string, body: string, data: PrerenderData): string {
  const hoisted = body.match(HOISTED)?.[0] ?? '';
  const app = body.slice(hoisted.length);
  let html = loadAfterPaint(template).replace(/<html lang="[^"]*"/, `<html lang="${data.lang}"`);
  for (const pattern of defaultsReplacedBy(hoisted)) html = html.replace(pattern, '');
  // The page's tags go before index.html's <title>, which stays as the site's default for the
  // pages opened later without a title of their own (lib/head.tsx).
  html = html.replace(/<title itemprop/, `${hoisted}\n    <title itemprop`);
  // #root is the body's last element (Vite puts the module script in <head>): its content is
  // index.html's splash, replaced by the page.
  const root = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (root === -1 || end < root) throw new Error('index.html has no <div id="root">');
  return (
    html.slice(0, root) +
    `<div id="root">${app}</div>\n    <script type="application/json" id="${PRERENDER_DATA_ID}">${escapeJson(data)}</script>` +
    html.slice(end + '</div>'.length)
  );
}

/** The public pages without data, rendered once at build time (scripts/prerender.mjs). */
export const STATIC_PAGES = [
  '/',
  '/corporates',
  '/schools',
  '/non-smokers',
  '/doctors',
  '/help-center',
  '/help-center/get-start',
  '/help-center/frequently-asked-questions',
  '/help-center/pricing-&-payment',
  '/help-center/technical-support',
  '/help-center/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
  // Help in a craving, painted before any script (decision 084): the same for every reader, the
  // member's own parts (their reasons, the log form) drawn by the app.
  '/sos',
];

/** The public pages with operators' content: rendered by the API, again after each publish. */
export function isContentPage(path: string): boolean {
  return path === '/blog' || path === '/new-and-media' || /^\/blog\/[^/]+$/.test(path);
}

/** The languages every static page is prerendered in (all the app offers). */
export { supportedLanguages as PAGE_LANGUAGES } from './lib/i18n';

/**
 * Where a static page's HTML is written under dist/, one folder per language
 * ('/help-center', 'hi' → 'pages/hi/help-center.html'); the API serves them from there.
 */
export function staticPageFile(path: string, lang: Language = 'en'): string {
  return `pages/${lang}/${path === '/' ? 'index' : path.slice(1)}.html`;
}
