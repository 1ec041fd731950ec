import { Messages } from '@exhale/contract/messages';
import {
  answeredExercisesResponseSchema,
  exerciseSubmitRequestSchema,
  exerciseSubmitResponseSchema,
} from '@exhale/contract/programme';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createExercisesService } from './exercises.module';

export async function exercisesRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createExercisesService({ db: app.db });

  typed.get(
    '/user-exercise/list',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['programme'],
        summary: 'The exercise routes the caller has answered',
        security: bearerAuth,
        response: { 200: answeredExercisesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listAnswered(caller(request).userId),
    }),
  );

  typed.post(
    '/user-exercise',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['programme'],
        summary: 'Submit an exercise (once per route)',
        description:
          'Every question of the route must be answered: radio with an option point or text, ' +
          'checkbox with a list of option texts, textarea with 1–2000 characters. ' +
          '404 for an unknown route, 409 when already answered.',
        security: bearerAuth,
        body: exerciseSubmitRequestSchema,
        response: { 201: exerciseSubmitResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const answered = await service.submit(caller(request).userId, request.body);
      return reply.status(201).send({
        success: true as const,
        message: Messages.EXERCISE_SUBMITTED.message,
        data: answered,
      });
    },
  );
}
