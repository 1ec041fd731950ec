import { notificationsResponseSchema } from '@exhale/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { listNotifications } from './notifications.module';

export async function notificationsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/notification',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first (the bell)",
        security: bearerAuth,
        response: { 200: notificationsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listNotifications(app.db, caller(request).userId),
    }),
  );
}
