import {
  adminLessonCreateSchema,
  adminLessonResponseSchema,
  adminLessonsResponseSchema,
  adminLessonUpdateSchema,
  adminQuestionCreateSchema,
  adminQuestionQuerySchema,
  adminQuestionResponseSchema,
  adminQuestionsResponseSchema,
  adminQuestionUpdateSchema,
  exerciseRoutesResponseSchema,
  lessonReorderSchema,
  questionReorderSchema,
} from '@exhale/contract/admin';
import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { adminActor } from '../admin-console/admin-actor';
import { adminContentTextsRoutes } from '../content-texts/content-texts.routes';
import { createAdminLessonsService } from './admin-lessons.module';
import { createAdminQuestionsService } from './admin-questions.module';

const idParams = z.object({ id: z.string() });
const base = { tags: ['admin'], security: bearerAuth };

/**
 * Lessons (catalogue, media, exercises, order), questions (SIM events, exercise routes) and the
 * translations of their texts (and the plans').
 */
export async function adminProgrammeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const lessons = createAdminLessonsService({ db: app.db, storage: app.storage });
  const questions = createAdminQuestionsService({ db: app.db });
  // Their texts in every language (decision 064).
  await app.register(adminContentTextsRoutes);

  typed.get(
    '/lessons',
    {
      schema: {
        ...base,
        summary: 'The lesson catalogue, retired lessons included',
        response: { 200: adminLessonsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await lessons.list() }),
  );

  typed.get(
    '/lessons/:id',
    {
      schema: {
        ...base,
        summary: 'One catalogue lesson',
        params: idParams,
        response: { 200: adminLessonResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await lessons.get(request.params.id) }),
  );

  typed.post(
    '/lessons',
    {
      schema: {
        ...base,
        summary: 'Add a lesson (video and thumbnail uploaded first through /admin/uploads)',
        description:
          "The duration is the uploaded video's, read by the server. Without `video_order` the " +
          'lesson goes last in its day. Users get it at their next visit, locked until they reach it.',
        body: adminLessonCreateSchema,
        response: { 201: adminLessonResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await lessons.create(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/lessons/reorder',
    {
      schema: {
        ...base,
        summary: 'Order the lessons of one day of one track',
        body: lessonReorderSchema,
        response: { 200: adminLessonsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await lessons.reorder(adminActor(request), request.body),
    }),
  );

  typed.put(
    '/lessons/:id',
    {
      schema: {
        ...base,
        summary: 'Change a lesson; `active: false` retires it (hidden from users, progress kept)',
        params: idParams,
        body: adminLessonUpdateSchema,
        response: { 200: adminLessonResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await lessons.update(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    '/lessons/:id',
    {
      schema: {
        ...base,
        summary: 'Retire a lesson (soft delete: hidden from users, progress kept)',
        params: idParams,
        response: { 200: adminLessonResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await lessons.remove(adminActor(request), request.params.id),
    }),
  );

  typed.get(
    '/questions',
    {
      schema: {
        ...base,
        summary: "One SIM event's statements or one exercise route's questions",
        querystring: adminQuestionQuerySchema,
        response: { 200: adminQuestionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await questions.list(request.query) }),
  );

  typed.get(
    '/questions/routes',
    {
      schema: {
        ...base,
        summary: 'Exercise routes with their question counts and the lessons that open them',
        response: { 200: exerciseRoutesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await questions.routes() }),
  );

  typed.post(
    '/questions',
    {
      schema: {
        ...base,
        summary: 'Add a question to a SIM event or an exercise route (goes last)',
        body: adminQuestionCreateSchema,
        response: { 201: adminQuestionResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await questions.create(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/questions/reorder',
    {
      schema: {
        ...base,
        summary: 'Order the questions of one SIM event or exercise route',
        body: questionReorderSchema,
        response: { 200: adminQuestionsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await questions.reorder(adminActor(request), request.body),
    }),
  );

  typed.put(
    '/questions/:id',
    {
      schema: {
        ...base,
        summary: 'Change a question, its type and options (option ids are kept)',
        params: idParams,
        body: adminQuestionUpdateSchema,
        response: { 200: adminQuestionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await questions.update(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    '/questions/:id',
    {
      schema: {
        ...base,
        summary: 'Delete a question',
        params: idParams,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await questions.remove(adminActor(request), request.params.id);
      return { success: true as const, message: 'Question deleted.' };
    },
  );
}
