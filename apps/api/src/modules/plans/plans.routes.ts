import { plansResponseSchema } from '@exhale/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listPlans } from './plans.service';

export async function plansRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/plan',
    {
      schema: {
        tags: ['plans'],
        summary: 'The plans on sale, the free plan first',
        response: { 200: plansResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await listPlans(app.db) }),
  );
}
