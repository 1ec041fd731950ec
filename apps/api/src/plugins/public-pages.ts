import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicOrigin } from '../lib/public-origin';
import { sanitizeHtml } from '../lib/sanitize-html';
import { TtlCache } from '../lib/ttl-cache';
import { CONTENT_CACHE_TTL_MS } from '../modules/content/content.service';

/** What apps/web/src/entry-server.tsx exports (the web's server build, dist-ssr/). */
interface PageRenderer {
  render(options: {
    path: string;
    template: string;
    origin?: string;
    sanitize?: (html: string) => string;
    fetch?: (request: Request) => Promise<Response>;
  }): Promise<{ html: string } | null>;
  isContentPage(path: string): boolean;
}

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

/** The app's shell, as the not-found handler sends it for the app's other pages (errors.ts). */
const sendShell = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');

/**
 * The public pages as HTML with their content (decision 062), registered by the web plugin after
 * the static files:
 *
 * - pages without data (landing, marketing, help centre, legal) were rendered by the web build
 *   into `pages/` and are sent as files, precompressed;
 * - blog and news pages are rendered here on first request with the web's server build, their
 *   data read from this API in-process, and kept for `CONTENT_CACHE_TTL_MS` like the content
 *   lists; an operator's blog or news change clears them in this process at once.
 *
 * A path that renders no page (an unknown post, a failed read) gets the app's shell, as before.
 */
export const publicPagesPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  for (const [pagePath, file] of findPages(path.join(opts.root, 'pages'))) {
    const pageFile = `pages/${file}`;
    app.get(pagePath, { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(pageFile),
    );
  }

  const entry = path.join(opts.root, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) {
    app.log.warn(
      { entry },
      'web server build not found; blog and news pages render in the browser',
    );
    return;
  }
  const template = readFileSync(path.join(opts.root, 'index.html'), 'utf8');
  let renderer: Promise<PageRenderer> | undefined;
  const loadRenderer = () =>
    (renderer ??= import(pathToFileURL(entry).href) as Promise<PageRenderer>);

  // The page's requests answered by this API without a network round trip.
  const fetchInProcess = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const response = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { accept: 'application/json' },
    });
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };

  const rendered = new TtlCache<string | null>(CONTENT_CACHE_TTL_MS, app.clock, MAX_RENDERED_PAGES);
  app.contentChanges.subscribe(() => rendered.clear());

  const renderContentPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pagePath = decodeURI(request.url.split('?')[0]!);
    const origin = publicOrigin(app.config, request);
    let html: string | null = null;
    try {
      html = await rendered.get(`${origin}${pagePath}`, async () => {
        const { render } = await loadRenderer();
        const page = await render({
          path: pagePath,
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
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  for (const pagePath of ['/blog', '/blog/:id', '/new-and-media']) {
    app.get(pagePath, { schema: { hide: true } }, renderContentPage);
  }
});
