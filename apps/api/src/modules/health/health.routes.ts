import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/migrate';
import { notFound, unauthorized } from '../../lib/app-error';

function bearerToken(header: string | undefined): string {
  const [scheme, value] = (header ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : '';
}

/** Constant-time comparison, so the answer time says nothing about how much of a guess matched. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const readiness = z.object({
  success: z.boolean(),
  data: z.object({ database: z.boolean(), migrations: z.boolean() }),
});

export async function healthRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const expected = expectedMigrationCount();

  typed.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The process is up',
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async () => ({ success: true as const }),
  );

  typed.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database is reachable and every migration is applied',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      let database = false;
      let migrations = false;
      try {
        const applied = await appliedMigrationCount(app.pg);
        database = true;
        migrations = applied >= expected;
      } catch {
        // unreachable database or missing migrations table: not ready
      }
      const ready = database && migrations;
      return reply
        .status(ready ? 200 : 503)
        .send({ success: ready, data: { database, migrations } });
    },
  );

  // Prometheus scrapes with `Authorization: Bearer <METRICS_TOKEN>`. Production without a token
  // has no metrics endpoint at all: route names, rates and process figures are not public.
  const token = app.config.METRICS_TOKEN;
  const metricsOff = !token && app.config.NODE_ENV === 'production';
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (metricsOff) throw notFound(`No route for GET ${request.url.split('?')[0]}`);
    if (token && !sameSecret(bearerToken(request.headers.authorization), token)) {
      throw unauthorized('METRICS_TOKEN_REQUIRED', 'A valid metrics token is required.');
    }
    reply.type(app.metrics.contentType);
    return app.metrics.metrics();
  });
}
