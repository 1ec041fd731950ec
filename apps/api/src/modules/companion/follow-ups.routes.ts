import {
  followUpAnswerRequestSchema,
  followUpResponseSchema,
  followUpsResponseSchema,
  followUpWeekParamsSchema,
  outcomesQuerySchema,
  outcomesResponseSchema,
  type FollowUpWeek,
} from '@exhale/contract/follow-ups';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createFollowUpsService } from './follow-ups.module';
import { COMPANION_TAG } from './quit-plan.routes';

export async function followUpsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const followUps = createFollowUpsService({ db: app.db, clock: app.clock });
  const signedIn = app.authenticate();

  typed.get(
    '/follow-ups',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary:
          'The week 4, 12 and 26 follow-ups from the quit date, open or not, answered or not',
        security: bearerAuth,
        response: { 200: followUpsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await followUps.list(caller(request).userId),
    }),
  );

  typed.put(
    '/follow-ups/:week',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary: "Answers 'Have you smoked at all in the last 7 days?' for one follow-up",
        description: 'Open from `due_on` for 28 days; 409 `FOLLOW_UP_NOT_OPEN` outside that.',
        security: bearerAuth,
        params: followUpWeekParamsSchema,
        body: followUpAnswerRequestSchema,
        response: { 200: followUpResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: Messages.FOLLOW_UP_SAVED.message,
      data: await followUps.answer(
        caller(request).userId,
        request.params.week as FollowUpWeek,
        request.body.smoked_last_7_days,
      ),
    }),
  );
}

/** Under /api/admin (the console's scope checks the admin role). */
export async function adminOutcomesRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const followUps = createFollowUpsService({ db: app.db, clock: app.clock });

  typed.get(
    '/outcomes',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Quit outcomes by cohort (month of quit date), as the Russell Standard reports them',
        description:
          '`rate_responders` = abstinent / answered; `rate_all` = abstinent / due (non-responders ' +
          'counted as smoking). Rates are fractions 0–1, null without a denominator.',
        security: bearerAuth,
        querystring: outcomesQuerySchema,
        response: { 200: outcomesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async () => ({ success: true as const, data: await followUps.outcomes() }),
  );
}
