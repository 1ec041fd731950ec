import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/migrate';

const readiness = z.object({
  success: z.boolean(),
  data: z.object({ database: z.boolean(), migrations: z.boolean() }),
});

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const expected = expectedMigrationCount();

  r.get(
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

  r.get(
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

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(app.metrics.contentType);
    return app.metrics.metrics();
  });
}
