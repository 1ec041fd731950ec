import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ExploreMediaLinks } from '../modules/explore/explore-media-links';
import { exploreRepositories } from '../modules/explore/explore.module';
import { isValidKey, MEDIA_PREFIX } from '../providers/storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Links to Explore pictures an operator has not approved (yet): signed and short-lived. */
    exploreMedia: ExploreMediaLinks;
  }
  interface FastifyRequest {
    /** Set for an Explore picture: how caches may keep it (never a year: it is moderated). */
    exploreMediaCache?: string;
  }
}

/** Storage folder of Explore pictures (ExploreService). */
const EXPLORE_FOLDER = 'explore/';

/**
 * What a shared cache may do with an approved Explore picture: keep it for a few minutes. An
 * operator can still reject the post later, and the picture must then stop being served
 * everywhere soon, so never the year other media get.
 */
export const EXPLORE_PUBLIC_CACHE_CONTROL = 'public, max-age=300';
/** A pending or rejected picture, served through its signed link: no cache keeps it. */
export const EXPLORE_PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The route that serves stored files, whichever storage provider registered it. */
const MEDIA_ROUTE = `${MEDIA_PREFIX}*`;

/**
 * Guards every request the /media/ route answers. The key is read from the path exactly as sent
 * and must be a valid storage key (lowercase segments, no empty or dot segments, no percent
 * escapes), so the file served is the key checked: `/media//explore/…`, `/media/%2e/explore/…`,
 * `/media/explore%2f…`, `/media/Explore/…`, a trailing `;` or a backslash are not found, instead
 * of reaching the file after the static server normalises them. An Explore picture then goes to
 * anyone only once approved (briefly cacheable), a pending or rejected one only with a valid
 * signed link (never into a shared cache).
 */
export const exploreMediaPlugin = fp(async (app: FastifyInstance) => {
  const links = new ExploreMediaLinks(app.config.JWT_SECRET, app.clock);
  app.decorate('exploreMedia', links);
  const posts = exploreRepositories(app.db).explore;

  const notFound = (request: FastifyRequest, reply: FastifyReply, path: string) =>
    void reply.code(404).send({
      success: false,
      message: `No route for ${request.method} ${path}`,
      code: 'NOT_FOUND',
    });

  /** Whether the picture was refused (and answered). */
  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    key: string,
    query: string,
  ): Promise<boolean> => {
    const status = await posts.statusOfImage(key);
    if (status === 'approved') {
      request.exploreMediaCache = EXPLORE_PUBLIC_CACHE_CONTROL;
      return false;
    }
    const params = new URLSearchParams(query);
    if (status && links.allows(key, params.get('exp'), params.get('sig'))) {
      request.exploreMediaCache = EXPLORE_PRIVATE_CACHE_CONTROL;
      return false;
    }
    notFound(request, reply, path);
    return true;
  };
  // Callback style, so every other request passes without a promise and a microtask; a refused
  // picture is answered here, and then the hook does not call on.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url !== MEDIA_ROUTE) return done();
    const [path, query = ''] = request.url.split('?', 2) as [string, string?];
    const key = path.startsWith(MEDIA_PREFIX) ? path.slice(MEDIA_PREFIX.length) : '';
    if (!isValidKey(key)) {
      notFound(request, reply, path);
      return;
    }
    if (!key.startsWith(EXPLORE_FOLDER)) return done();
    refuse(request, reply, path, key, query).then((refused) => {
      if (!refused) done();
    }, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.exploreMediaCache) reply.header('cache-control', request.exploreMediaCache);
    done(null, payload);
  });
});
