import {
  cravingCreateRequestSchema,
  cravingIdParamsSchema,
  cravingResponseSchema,
  cravingsQuerySchema,
  cravingsResponseSchema,
} from '@exhale/contract/cravings';
import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createCravingsService } from './cravings.module';
import { COMPANION_TAG } from './quit-plan.routes';

export async function cravingsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const cravings = createCravingsService({ db: app.db, clock: app.clock });
  const signedIn = app.authenticate();

  typed.post(
    '/cravings',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary: 'Logs a craving (resisted) or a slip',
        description:
          '`at` within the last 7 days and not in the future (default now). A `client_id` already ' +
          'stored answers 200 with the stored entry instead of storing it again.',
        security: bearerAuth,
        body: cravingCreateRequestSchema,
        response: {
          200: cravingResponseSchema,
          201: cravingResponseSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { entry, created } = await cravings.create(caller(request).userId, request.body);
      return reply.code(created ? 201 : 200).send({
        success: true as const,
        message: Messages.CRAVING_LOGGED.message,
        data: entry,
      });
    },
  );

  typed.get(
    '/cravings',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary:
          'The log, newest first, with counts by outcome, trigger and IST hour over the range',
        security: bearerAuth,
        querystring: cravingsQuerySchema,
        response: { 200: cravingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await cravings.list(caller(request).userId, request.query)),
    }),
  );

  typed.delete(
    '/cravings/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary: "Deletes one of the caller's log entries",
        security: bearerAuth,
        params: cravingIdParamsSchema,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await cravings.delete(caller(request).userId, request.params.id);
      return { success: true as const, message: Messages.CRAVING_DELETED.message };
    },
  );
}
