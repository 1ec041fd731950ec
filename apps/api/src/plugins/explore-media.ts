import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock';
import { exploreRepositories } from '../modules/explore/explore.module';
import { MEDIA_PREFIX } from '../providers/storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Links to Explore pictures an operator has not approved (yet): signed and short-lived. */
    exploreMedia: ExploreMediaLinks;
  }
  interface FastifyRequest {
    /** Set when the answer is a picture only its author and admins may see. */
    privateMedia?: boolean;
  }
}

/** Storage folder of Explore pictures (ExploreService). */
const EXPLORE_FOLDER = 'explore/';
const EXPLORE_MEDIA_PREFIX = `${MEDIA_PREFIX}${EXPLORE_FOLDER}`;
const HOUR_MS = 60 * 60_000;

/**
 * Signed links to unapproved Explore pictures. A pending picture is served only with a signature
 * over its key and an expiry, which the API hands out only to the post's author (the upload's
 * answer) and to admins (the moderation queue); an approved picture is public. The expiry is the
 * end of the next full hour, so the link stays the same (and cacheable by that browser) for at
 * least an hour.
 */
export class ExploreMediaLinks {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  private signature(key: string, expires: number): Buffer {
    return createHmac('sha256', this.secret).update(`explore-media\n${key}\n${expires}`).digest();
  }

  /** `url` (the picture's /media address) with `exp` and `sig` added. */
  sign(url: string, key: string): string {
    const expires = (Math.ceil(this.clock.now().getTime() / HOUR_MS) + 1) * (HOUR_MS / 1000);
    const sig = this.signature(key, expires).toString('base64url');
    return `${url}?exp=${expires}&sig=${sig}`;
  }

  allows(key: string, expires: string | null, sig: string | null): boolean {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 <= this.clock.now().getTime()) return false;
    const given = Buffer.from(sig, 'base64url');
    const expected = this.signature(key, Number(expires));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * Guards /media/explore/*: an approved post's picture goes to anyone, a pending or rejected one
 * only with a valid signed link (and never into a shared cache), anything else is not found.
 */
export const exploreMediaPlugin = fp(async (app: FastifyInstance) => {
  const links = new ExploreMediaLinks(app.config.JWT_SECRET, app.clock);
  app.decorate('exploreMedia', links);
  const posts = exploreRepositories(app.db).explore;

  /** Whether the picture was refused (and answered). */
  const refuse = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const [path, query = ''] = request.url.split('?', 2) as [string, string?];
    let key: string;
    try {
      key = decodeURIComponent(path.slice(MEDIA_PREFIX.length));
    } catch {
      return false; // the media route refuses a key that does not decode
    }
    const status = await posts.statusOfImage(key);
    if (status === 'approved') return false;
    const params = new URLSearchParams(query);
    if (status && links.allows(key, params.get('exp'), params.get('sig'))) {
      request.privateMedia = true;
      return false;
    }
    void reply.code(404).send({
      success: false,
      message: `No route for ${request.method} ${path}`,
      code: 'NOT_FOUND',
    });
    return true;
  };
  // Callback style, so every other request passes without a promise and a microtask; a refused
  // picture is answered here, and then the hook does not call on.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(EXPLORE_MEDIA_PREFIX)) return done();
    refuse(request, reply).then((refused) => {
      if (!refused) done();
    }, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.privateMedia) reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });
});
