import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What apps/web/src/entry-server.tsx exports (the web's server build, dist-ssr/). */
export interface PageRenderer {
  render(options: {
    path: string;
    lang?: string;
    template: string;
    origin?: string;
    sanitize?: (html: string) => string;
    fetch?: (request: Request) => Promise<Response>;
  }): Promise<{ html: string } | null>;
  isContentPage(path: string): boolean;
}

/**
 * The web's server build beside the client build at `root` (decision 062), loaded on first use;
 * undefined when the build has none (the pages then render in the browser).
 */
export function pageRendererAt(root: string): (() => Promise<PageRenderer>) | undefined {
  const entry = path.join(root, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  let renderer: Promise<PageRenderer> | undefined;
  return () => (renderer ??= import(pathToFileURL(entry).href) as Promise<PageRenderer>);
}

/**
 * Answers a page's API requests in this process, without a network round trip. A public page is
 * rendered as a visitor sees it, so the requests carry no session; they count against this
 * server's own address in the per-address rate limit (a page rendered once for every visitor).
 */
export function inProcessFetch(app: FastifyInstance) {
  return async (request: Request): Promise<Response> => {
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
}
