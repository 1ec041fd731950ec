import {
  checkInDateParamsSchema,
  checkInRequestSchema,
  checkInResponseSchema,
  checkInsQuerySchema,
  checkInsResponseSchema,
} from '@exhale/contract/check-ins';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createCheckInsService } from './check-ins.module';
import { COMPANION_TAG } from './quit-plan.routes';

export async function checkInsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const checkIns = createCheckInsService({ db: app.db, clock: app.clock });
  const signedIn = app.authenticate();

  typed.put(
    '/check-ins/:date',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary:
          "Today's or yesterday's check-in (IST); 'used' records a slip at 21:00 IST (or now, if earlier)",
        description: 'Needs a quit plan: 404 `NO_QUIT_PLAN` without one.',
        security: bearerAuth,
        params: checkInDateParamsSchema,
        body: checkInRequestSchema,
        response: { 200: checkInResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: Messages.CHECK_IN_SAVED.message,
      data: await checkIns.put(caller(request).userId, request.params.date, request.body),
    }),
  );

  typed.get(
    '/check-ins',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary: "The caller's check-ins, oldest first",
        security: bearerAuth,
        querystring: checkInsQuerySchema,
        response: { 200: checkInsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await checkIns.list(caller(request).userId, request.query),
    }),
  );
}
