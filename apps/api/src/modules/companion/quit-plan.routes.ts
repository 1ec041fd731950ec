import {
  quitPlanOrNullResponseSchema,
  quitPlanRequestSchema,
  quitPlanResponseSchema,
  quitProgressResponseSchema,
} from '@exhale/contract/quit-plan';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { caller, sessionScope } from '../../plugins/auth';
import { createQuitPlanService } from './quit-plan.module';

export const COMPANION_TAG = 'quit companion';

export async function quitPlanRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const plans = createQuitPlanService({ db: app.db, clock: app.clock });
  const signedIn = app.authenticate();

  typed.get(
    '/quit-plan',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary: "The caller's quit plan, or null before they save one",
        security: bearerAuth,
        response: { 200: quitPlanOrNullResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await plans.get(caller(request).userId) }),
  );

  typed.put(
    '/quit-plan',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary: 'Saves the quit plan (one per member; a new quit date keeps the log)',
        description:
          '`quit_date` from today − 365 to today + 30 (IST); 1–4 distinct tobacco types; up to 5 reasons.',
        security: bearerAuth,
        body: quitPlanRequestSchema,
        response: { 200: quitPlanResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: Messages.QUIT_PLAN_SAVED.message,
      data: await plans.save(caller(request).userId, request.body),
    }),
  );

  typed.get(
    '/quit-plan/progress',
    {
      // The session check is part of the progress query (decision 018).
      onRequest: app.authenticateInQuery,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: [COMPANION_TAG],
        summary: 'Days smoke-free, streaks, units not used, money saved and health milestones',
        security: bearerAuth,
        response: { 200: quitProgressResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await plans.progressForSession(sessionScope(request)),
    }),
  );
}
