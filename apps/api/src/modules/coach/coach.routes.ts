import {
  coachConversationResponseSchema,
  coachMessageRequestSchema,
  coachMessageResponseSchema,
} from '@exhale/contract/coach';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createCoachService } from './coach.module';

const base = { tags: ['coach'], security: bearerAuth };

/** /api/coach: the member's one conversation with the coaches. */
export async function coachRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const coach = createCoachService({
    db: app.db,
    clock: app.clock,
    outbox: app.outbox,
    coachHours: app.config.COACH_HOURS,
  });
  const signedIn = app.authenticate();

  typed.get(
    '/coach/conversation',
    {
      onRequest: signedIn,
      schema: {
        ...base,
        summary: "The caller's conversation with the coaches, oldest message first",
        response: { 200: coachConversationResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await coach.conversation(caller(request).userId),
    }),
  );

  typed.post(
    '/coach/messages',
    {
      onRequest: signedIn,
      schema: {
        ...base,
        summary: 'Write to the coaches (opens or reopens the conversation)',
        description:
          'A `client_id` already stored answers 200 with the stored message instead of storing ' +
          'it again. The acknowledgement or crisis reply, if any, is a `system` message in the ' +
          'conversation.',
        body: coachMessageRequestSchema,
        response: {
          200: coachMessageResponseSchema,
          201: coachMessageResponseSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const intake = await coach.receiveFromApp(caller(request).userId, request.body);
      return reply.code(intake.created ? 201 : 200).send({
        success: true as const,
        message: Messages.COACH_MESSAGE_SENT.message,
        data: intake.message,
      });
    },
  );
}
