import {
  coachesResponseSchema,
  coachMessageResponseSchema,
  coachNoteRequestSchema,
  coachNoteResponseSchema,
  coachReplyRequestSchema,
  conversationIdParamsSchema,
  inboxAssignRequestSchema,
  inboxDetailResponseSchema,
  inboxItemResponseSchema,
  inboxQuerySchema,
  inboxResponseSchema,
  savedRepliesQuerySchema,
  savedRepliesResponseSchema,
  savedReplyIdParamsSchema,
  savedReplyRequestSchema,
  savedReplyResponseSchema,
} from '@exhale/contract/coach';
import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { publicOrigin } from '../../lib/public-origin';
import { adminActor } from '../admin-console/admin-actor';
import { createInboxService, createSavedRepliesService } from './coach.module';

const base = { tags: ['coach inbox'], security: bearerAuth };

/**
 * /api/admin/inbox, /api/admin/coaches and reading /api/admin/saved-replies: the scope
 * admin-console.routes.ts opens to coaches and admins.
 */
export async function coachInboxRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const inbox = createInboxService({ db: app.db, clock: app.clock, outbox: app.outbox });
  const savedReplies = createSavedRepliesService({ db: app.db });

  typed.get(
    '/inbox',
    {
      schema: {
        ...base,
        summary: 'Conversations: urgent first, then the longest waiting',
        querystring: inboxQuerySchema,
        response: { 200: inboxResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await inbox.list(adminActor(request).id, request.query),
    }),
  );

  typed.get(
    '/inbox/:id',
    {
      schema: {
        ...base,
        summary: "A conversation, its notes and the member's quit story (audited)",
        params: conversationIdParamsSchema,
        response: { 200: inboxDetailResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await inbox.open(adminActor(request), request.params.id),
    }),
  );

  typed.post(
    '/inbox/:id/replies',
    {
      schema: {
        ...base,
        summary: 'Reply: in the app and on the channel the member last wrote from',
        params: conversationIdParamsSchema,
        body: coachReplyRequestSchema,
        response: { 201: coachMessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: Messages.COACH_REPLY_SENT.message,
        data: await inbox.reply(
          adminActor(request),
          request.params.id,
          request.body.text,
          publicOrigin(app.config, request),
        ),
      }),
  );

  typed.post(
    '/inbox/:id/notes',
    {
      schema: {
        ...base,
        summary: 'An internal note, never shown to the member',
        params: conversationIdParamsSchema,
        body: coachNoteRequestSchema,
        response: { 201: coachNoteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: Messages.COACH_NOTE_SAVED.message,
        data: await inbox.addNote(adminActor(request), request.params.id, request.body.text),
      }),
  );

  typed.post(
    '/inbox/:id/assign',
    {
      schema: {
        ...base,
        summary: 'Assign to a coach or an admin, or to nobody (`coach_id: null`)',
        params: conversationIdParamsSchema,
        body: inboxAssignRequestSchema,
        response: { 200: inboxItemResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: Messages.CONVERSATION_ASSIGNED.message,
      data: await inbox.assign(adminActor(request), request.params.id, request.body.coach_id),
    }),
  );

  for (const [action, status] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    typed.post(
      `/inbox/:id/${action}`,
      {
        schema: {
          ...base,
          summary: action === 'close' ? 'Close a conversation' : 'Reopen a conversation',
          params: conversationIdParamsSchema,
          response: { 200: inboxItemResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        message:
          action === 'close'
            ? Messages.CONVERSATION_CLOSED.message
            : Messages.CONVERSATION_REOPENED.message,
        data: await inbox.setStatus(adminActor(request), request.params.id, status),
      }),
    );
  }

  typed.get(
    '/coaches',
    {
      schema: {
        ...base,
        summary: 'Who a conversation can be assigned to: coaches and admins',
        response: { 200: coachesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await inbox.coaches() }),
  );

  typed.get(
    '/saved-replies',
    {
      schema: {
        ...base,
        summary: 'Saved replies, by language and title',
        querystring: savedRepliesQuerySchema,
        response: { 200: savedRepliesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await savedReplies.list(request.query.language),
    }),
  );
}

/** Writing /api/admin/saved-replies: admins only (the admin scope's hook). */
export async function savedRepliesAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const savedReplies = createSavedRepliesService({ db: app.db });
  const adminBase = { tags: ['admin'], security: bearerAuth };

  typed.post(
    '/saved-replies',
    {
      schema: {
        ...adminBase,
        summary: 'Add a saved reply',
        body: savedReplyRequestSchema,
        response: { 201: savedReplyResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await savedReplies.create(adminActor(request), request.body),
      }),
  );

  typed.put(
    '/saved-replies/:id',
    {
      schema: {
        ...adminBase,
        summary: 'Edit a saved reply',
        params: savedReplyIdParamsSchema,
        body: savedReplyRequestSchema,
        response: { 200: savedReplyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await savedReplies.update(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    '/saved-replies/:id',
    {
      schema: {
        ...adminBase,
        summary: 'Delete a saved reply',
        params: savedReplyIdParamsSchema,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await savedReplies.delete(adminActor(request), request.params.id);
      return { success: true as const };
    },
  );
}
