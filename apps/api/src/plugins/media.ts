import type { FastifyInstance } from 'fastify';
import {
  IMMUTABLE_CACHE_CONTROL,
  isValidKey,
  MEDIA_PREFIX,
  type ByteRange,
  type StorageProvider,
} from '../providers/storage/storage';

/** One `bytes=` range as asked: first-last, first- (to the end) or -n (the last n bytes). */
export type RequestedRange = { start: number; end?: number } | { suffix: number };

/**
 * A single byte range from a Range header. Anything else (other units, several ranges, bad
 * syntax) is ignored and the whole object is sent, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined): RequestedRange | undefined {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/i.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return undefined;
  const last = match[2] ? Number(match[2]) : undefined;
  if (!match[1]) return { suffix: last ?? 0 };
  const start = Number(match[1]);
  if (last !== undefined && last < start) return undefined;
  return { start, end: last };
}

/**
 * GET and HEAD /media/<key> streamed from a remote store, with what a video element needs:
 * byte ranges (206, or 416 past the end), lengths, and a year of caching (keys are never reused).
 * One request to the store per request here; only a suffix range (`bytes=-n`) needs a second.
 */
export function mediaRoutes(app: FastifyInstance, storage: StorageProvider): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}*`,
    exposeHeadRoute: false,
    // Videos and WebP do not shrink, and a compressed body would break Content-Range.
    compress: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isValidKey(key)) return reply.callNotFound();
      const wanted = parseRange(request.headers.range);
      const unsatisfiable = (size: number) =>
        reply.code(416).header('content-range', `bytes */${size}`).send();
      let range: ByteRange | undefined;
      if (wanted && 'suffix' in wanted) {
        // The last n bytes: learn the size from a one-byte read first.
        const probe = await storage.stream(key, { start: 0, end: 0 });
        probe?.body.destroy();
        if (!probe) return reply.callNotFound();
        if (wanted.suffix === 0 || probe.size === 0) return unsatisfiable(probe.size);
        range = { start: Math.max(0, probe.size - wanted.suffix), end: probe.size - 1 };
      } else {
        range = wanted;
      }

      // A HEAD needs only the size and type: a one-byte read gives both.
      const head = request.method === 'HEAD';
      const object = await storage.stream(key, range ?? (head ? { start: 0, end: 0 } : undefined));
      if (!object) return reply.callNotFound();
      if (head) object.body.destroy();

      reply.header('accept-ranges', 'bytes');
      if (range) {
        const end = Math.min(range.end ?? Infinity, object.size - 1);
        if (range.start > end) {
          object.body.destroy();
          return unsatisfiable(object.size);
        }
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${end}/${object.size}`)
          .header('content-length', end - range.start + 1);
      } else {
        reply.header('content-length', object.size);
      }
      reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).type(object.contentType);
      return reply.send(head ? undefined : object.body);
    },
  });
}
