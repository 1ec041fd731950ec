import { adminMetricsResponseSchema, metricsQuerySchema } from '@exhale/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { createAdminMetricsService } from './admin-metrics.module';

export async function adminMetricsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const metrics = createAdminMetricsService({ db: app.db, clock: app.clock });

  typed.get(
    '/metrics',
    {
      schema: {
        tags: ['admin'],
        security: bearerAuth,
        summary:
          'Sign-ups and test attempts per day, conversion, revenue and refunds, completion funnel',
        querystring: metricsQuerySchema,
        response: { 200: adminMetricsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await metrics.metrics(request.query.days),
    }),
  );
}
