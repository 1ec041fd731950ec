import { dayOpenTimes } from '@exhale/contract/lessons';
import { Messages } from '@exhale/contract/messages';
import {
  userLessonUpdateRequestSchema,
  userLessonUpdateResponseSchema,
  userLessonsQuerySchema,
  userLessonsResponseSchema,
} from '@exhale/contract/programme';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller, sessionScope } from '../../plugins/auth';
import { createLessonsService } from './lessons.module';

export async function lessonsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createLessonsService({
    db: app.db,
    clock: app.clock,
    storage: app.storage,
    counters: app.counters,
  });

  typed.get(
    '/user-lesson',
    {
      // The busiest page: its one query also checks the session, and it serialises fast.
      onRequest: app.authenticateInQuery,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['programme'],
        summary: 'The caller’s lessons in programme order, optionally of one day',
        description:
          'Free users get the free track (free lessons, then the score explanation); premium ' +
          'users the paid programme. A day above `current_day` is 403.',
        security: bearerAuth,
        querystring: userLessonsQuerySchema,
        response: { 200: userLessonsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const list = await service.list(sessionScope(request), request.query.day);
      return {
        success: true as const,
        data: list.lessons,
        total_days: list.totalDays,
        current_day: list.currentDay,
        day_opens_at:
          list.currentDay === null
            ? null
            : dayOpenTimes(list.totalDays, list.currentDay, app.clock.now()),
      };
    },
  );

  typed.put(
    '/user-lesson/:id',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['programme'],
        summary: 'Report a pause, progress, the end of a lesson, or a question about it',
        description:
          'Exactly one of `pause_time`, `seconds_viewed` (only grows, capped at the duration), ' +
          '`is_viewed: true` (completes the lesson, opens the next, moves the step) or ' +
          '`feedback`. 403 for a locked lesson, 404 for another user’s.',
        security: bearerAuth,
        params: z.object({ id: z.string().max(64) }),
        body: userLessonUpdateRequestSchema,
        response: { 200: userLessonUpdateResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { lesson, step } = await service.update(
        caller(request).userId,
        request.params.id,
        request.body,
      );
      return {
        success: true as const,
        ...(request.body.feedback !== undefined
          ? { message: Messages.FEEDBACK_SUBMITTED.message }
          : {}),
        data: lesson,
        step,
      };
    },
  );
}
