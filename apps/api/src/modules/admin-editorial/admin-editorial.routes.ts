import {
  adminBlogCreateSchema,
  adminBlogResponseSchema,
  adminBlogsResponseSchema,
  adminBlogUpdateSchema,
  adminNewsCreateSchema,
  adminNewsListResponseSchema,
  adminNewsResponseSchema,
  adminNewsUpdateSchema,
  adminQuizSetInputSchema,
  adminQuizSetResponseSchema,
  adminQuizSetsResponseSchema,
} from '@exhale/contract/admin';
import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/downloads';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { adminActor } from '../admin-console/admin-actor';
import { createAdminEditorialService } from './admin-editorial.module';

const idParams = z.object({ id: z.string() });
const base = { tags: ['admin'], security: bearerAuth };

/** Blogs, news and public quizzes (with their registrants' answers as CSV). */
export async function adminEditorialRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const editorial = createAdminEditorialService({
    db: app.db,
    clock: app.clock,
    storage: app.storage,
  });

  typed.get(
    '/blogs',
    {
      schema: {
        ...base,
        summary: 'Every blog post, drafts included, newest first',
        response: { 200: adminBlogsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await editorial.listBlogs() }),
  );

  typed.post(
    '/blogs',
    {
      schema: {
        ...base,
        summary: 'Write a blog post (content sanitised on save; a draft unless `published`)',
        body: adminBlogCreateSchema,
        response: { 201: adminBlogResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await editorial.createBlog(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/blogs/:id',
    {
      schema: {
        ...base,
        summary: 'Change, publish or unpublish a blog post',
        params: idParams,
        body: adminBlogUpdateSchema,
        response: { 200: adminBlogResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await editorial.updateBlog(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    '/blogs/:id',
    {
      schema: {
        ...base,
        summary: 'Delete a blog post',
        params: idParams,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await editorial.deleteBlog(adminActor(request), request.params.id);
      return { success: true as const, message: 'Blog post deleted.' };
    },
  );

  typed.get(
    '/news',
    {
      schema: {
        ...base,
        summary: 'Every news item, unpublished ones included, newest first',
        response: { 200: adminNewsListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await editorial.listNews() }),
  );

  typed.post(
    '/news',
    {
      schema: {
        ...base,
        summary: 'Add a news item (description sanitised on save)',
        body: adminNewsCreateSchema,
        response: { 201: adminNewsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await editorial.createNews(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/news/:id',
    {
      schema: {
        ...base,
        summary: 'Change, publish or unpublish a news item',
        params: idParams,
        body: adminNewsUpdateSchema,
        response: { 200: adminNewsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await editorial.updateNews(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    '/news/:id',
    {
      schema: {
        ...base,
        summary: 'Delete a news item',
        params: idParams,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await editorial.deleteNews(adminActor(request), request.params.id);
      return { success: true as const, message: 'News item deleted.' };
    },
  );

  typed.get(
    '/quizzes',
    {
      schema: {
        ...base,
        summary: 'Every public quiz set with its public link and number of registrants',
        response: { 200: adminQuizSetsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await editorial.listQuizSets() }),
  );

  typed.get(
    '/quizzes/:id',
    {
      schema: {
        ...base,
        summary: 'One quiz set with its quizzes, questions, options and correct answers',
        params: idParams,
        response: { 200: adminQuizSetResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await editorial.getQuizSet(request.params.id),
    }),
  );

  typed.post(
    '/quizzes',
    {
      schema: {
        ...base,
        summary: 'Add a quiz set (one correct option per question)',
        body: adminQuizSetInputSchema,
        response: { 201: adminQuizSetResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await editorial.createQuizSet(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/quizzes/:id',
    {
      schema: {
        ...base,
        summary: 'Replace a quiz set (rows keep their ids when sent with them)',
        params: idParams,
        body: adminQuizSetInputSchema,
        response: { 200: adminQuizSetResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await editorial.updateQuizSet(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    '/quizzes/:id',
    {
      schema: {
        ...base,
        summary: 'Delete a quiz set nobody has taken yet',
        params: idParams,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await editorial.deleteQuizSet(adminActor(request), request.params.id);
      return { success: true as const, message: 'Quiz deleted.' };
    },
  );

  typed.get(
    '/quizzes/:id/registrations.csv',
    {
      schema: {
        ...base,
        summary: 'Everyone who took the quiz and what they answered, as CSV',
        params: idParams,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await editorial.registrationsCsv(request.params.id);
      return sendDownload(reply, 'text/csv; charset=utf-8', filename, csv);
    },
  );
}
