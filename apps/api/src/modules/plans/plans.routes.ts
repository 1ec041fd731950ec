import { plansResponseSchema } from '@exhale/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPlansService } from './plans.module';

export async function plansRoutes(app: FastifyInstance) {
  const plans = createPlansService({ db: app.db });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/plan',
    {
      schema: {
        tags: ['plans'],
        summary: 'The plans on sale, the free plan first',
        response: { 200: plansResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await plans.list() }),
  );
}
