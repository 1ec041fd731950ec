import { successEnvelope } from '@exhale/contract/envelope';
import { Messages } from '@exhale/contract/messages';
import { simAttemptsResponseSchema, simSubmitResponseSchema } from '@exhale/contract/programme';
import { simAnswersRequestSchema, type RandomSource } from '@exhale/contract/sim-score';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createSimTestService } from './sim-test.module';

export async function simTestRoutes(app: FastifyInstance, opts: { random: RandomSource }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createSimTestService({ db: app.db, random: opts.random });

  typed.get(
    '/user-answer',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['programme'],
        summary: 'The caller’s SIM test attempts, oldest first',
        description:
          '`next_event` names the question set (GET /question?event=…) the next test uses.',
        security: bearerAuth,
        response: { 200: simAttemptsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { attempts, nextEvent } = await service.attempts(caller(request).userId);
      return { success: true as const, data: attempts, next_event: nextEvent };
    },
  );

  typed.post(
    '/user-answer',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['programme'],
        summary: 'Submit a SIM test; the server scores it and moves the step (0 → 1, 2 → 3)',
        description:
          'Every statement of the next event must be answered with one of its option points. ' +
          '403 when no test is due at the caller’s step; 409 for a replayed submission.',
        security: bearerAuth,
        body: simAnswersRequestSchema,
        response: { 201: simSubmitResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await service.submit(caller(request).userId, request.body.answers);
      return reply.status(201).send({
        success: true as const,
        message: Messages.TEST_COMPLETED.message,
        data: { total_points: result.total_points, attempt: result.attempt },
        step: result.step,
      });
    },
  );

  typed.post(
    '/question/score',
    {
      schema: {
        tags: ['programme'],
        summary: 'Score a visitor’s landing-page SIM test (event 0) without saving it',
        description:
          'The visitor keeps the result and sends it with sign-up (step 1 + total_points), so ' +
          'the landing test counts as attempt 1. First-attempt scores are capped at 99.',
        body: simAnswersRequestSchema,
        response: {
          200: successEnvelope(z.object({ total_points: z.number().int().min(0).max(99) })),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.scoreLandingTest(request.body.answers),
    }),
  );
}
