import {
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  adminFeedbackResponseSchema,
  adminNotifySchema,
  adminUserDetailResponseSchema,
  adminUserResponseSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  feedbackReplySchema,
  roleChangeSchema,
} from '@exhale/contract/admin';
import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { adminActor } from '../admin-console/admin-actor';
import { createAdminPeopleService } from './admin-people.module';

const idParams = z.object({ id: z.string() });
const base = { tags: ['admin'], security: bearerAuth };

/** Users (search, progress, role, messages) and the lesson-question inbox. */
export async function adminPeopleRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const people = createAdminPeopleService({ db: app.db, clock: app.clock, outbox: app.outbox });

  typed.get(
    '/users',
    {
      schema: {
        ...base,
        summary: 'Users whose name, email or mobile contains `q`, newest first',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await people.search(request.query)) }),
  );

  typed.get(
    '/users/:id',
    {
      schema: {
        ...base,
        summary: "A user's account and progress: tests, lessons, exercises, questions, plan",
        params: idParams,
        response: { 200: adminUserDetailResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await people.detail(request.params.id) }),
  );

  typed.put(
    '/users/:id/role',
    {
      schema: {
        ...base,
        summary: 'Give or take the admin role (the last admin cannot be demoted)',
        params: idParams,
        body: roleChangeSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await people.changeRole(adminActor(request), request.params.id, request.body.role),
    }),
  );

  typed.post(
    '/users/:id/notifications',
    {
      schema: {
        ...base,
        summary: 'Send a user a message in their bell (and, optionally, by email)',
        params: idParams,
        body: adminNotifySchema,
        response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await people.sendNotification(adminActor(request), request.params.id, request.body);
      return { success: true as const, message: 'Notification sent.' };
    },
  );

  typed.get(
    '/feedback',
    {
      schema: {
        ...base,
        summary: 'Questions users sent after lessons (open ones oldest first)',
        querystring: adminFeedbackQuerySchema,
        response: { 200: adminFeedbackPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await people.feedbackPage(request.query)),
    }),
  );

  typed.post(
    '/feedback/:id/reply',
    {
      schema: {
        ...base,
        summary: 'Answer a question: saved, shown in the bell and mailed to the user',
        params: idParams,
        body: feedbackReplySchema,
        response: { 200: adminFeedbackResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await people.reply(adminActor(request), request.params.id, request.body.reply),
    }),
  );
}
