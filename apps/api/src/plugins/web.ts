import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cookieValue, publicPagesPlugin } from './public-pages';
import { shellPagesPlugin } from './shell-pages';

/** The dashboard's former session cookie (apps/web lib/page-session.ts until decision 093). */
const LEGACY_SESSION_COOKIE = 'session';

/**
 * Serves the built single-page app. Vite names assets by content hash, so
 * they can be cached for a year; index.html must always be revalidated so a
 * deploy is picked up on the next load.
 *
 * The web build writes a `.br` and a `.gz` next to each asset and index.html
 * (apps/web/vite.config.ts); they are sent as they are to clients that accept them
 * (`preCompressed`), and @fastify/compress leaves a reply that already has a content-encoding
 * alone. index.html needs them most: the not-found handler sends it (errors.ts), and that reply
 * never passes through @fastify/compress. Files without them (a build made otherwise) go out as
 * they are.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const root = path.resolve(opts.root);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web build not found; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our cache-control below; `send` would otherwise overwrite it with 'public, max-age=0'.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
  // A precompressed file varies by accept-encoding like one @fastify/compress compressed, but
  // that plugin leaves it alone and so does not say so: shared caches must keep one copy per
  // encoding.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('content-encoding')) return;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
      reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    }
  });
  // Members who signed in while the dashboard was rendered on the server keep a script-readable
  // copy of their session in a cookie scoped to its path (decisions 076, 093). Nothing reads it
  // any more; the first request that still carries it removes it.
  app.addHook('onSend', async (request, reply) => {
    if (cookieValue(request, LEGACY_SESSION_COOKIE) === undefined) return;
    reply.header(
      'set-cookie',
      `${LEGACY_SESSION_COOKIE}=; Path=/dashboard; Max-Age=0; SameSite=Lax`,
    );
  });
  // The public pages' HTML with their content, before the shell answers for every other path.
  await app.register(publicPagesPlugin, { root });
  // Members' pages whose shell names their code (decision 070).
  await app.register(shellPagesPlugin, { root });
  app.decorate('spaIndexAvailable', true);
});

declare module 'fastify' {
  interface FastifyInstance {
    spaIndexAvailable?: boolean;
  }
}
