import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { RATE_LIMITED_MESSAGE } from '../lib/app-error';

/**
 * A global per-IP limit. Counters live in Redis when it is configured so that
 * every API process shares them; otherwise in this process.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { max: number; redis?: Redis; keyPrefix?: string }) => {
    await app.register(rateLimit, {
      global: true,
      max: opts.max,
      timeWindow: '1 minute',
      ...(opts.redis ? { redis: opts.redis, nameSpace: `${opts.keyPrefix ?? ''}exhale-rl:` } : {}),
      // Only API calls count: the web app's pages and hashed assets must load even for the many
      // users behind one carrier-grade NAT address, and load balancer probes are never throttled.
      allowList: (request) =>
        !request.url.startsWith('/api/') || /^\/api\/(healthz|readyz|metrics)$/.test(request.url),
      // The budget is announced on the 429 only (with Retry-After), not on every answer: three
      // headers less on each response.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_request, context) => {
        const error = new Error(RATE_LIMITED_MESSAGE) as Error & {
          statusCode: number;
        };
        error.statusCode = context.statusCode;
        return error;
      },
    });
  },
);
