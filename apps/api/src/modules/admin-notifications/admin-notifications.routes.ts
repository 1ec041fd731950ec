import {
  adminNotificationDefinitionCreateSchema,
  adminNotificationDefinitionResponseSchema,
  adminNotificationDefinitionsResponseSchema,
  adminNotificationDefinitionUpdateSchema,
} from '@exhale/contract/admin';
import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { adminActor } from '../admin-console/admin-actor';
import { createAdminNotificationsService } from './admin-notifications.module';

const idParams = z.object({ id: z.string() });
const base = { tags: ['admin'], security: bearerAuth };

/** The notification settings every user can toggle (GET /user-notification lists them). */
export async function adminNotificationsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const definitions = createAdminNotificationsService({ db: app.db });

  typed.get(
    '/notification-definitions',
    {
      schema: {
        ...base,
        summary: "Every notification setting users can toggle, in the users' order",
        response: { 200: adminNotificationDefinitionsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await definitions.list() }),
  );

  typed.post(
    '/notification-definitions',
    {
      schema: {
        ...base,
        summary: 'Add a notification setting (one per topic and channel)',
        description:
          'Every user gets it at `default_status` the next time they open their settings; a ' +
          'second setting for the same topic and channel is refused (409).',
        body: adminNotificationDefinitionCreateSchema,
        response: {
          201: adminNotificationDefinitionResponseSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const data = await definitions.create(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/notification-definitions/:id',
    {
      schema: {
        ...base,
        summary: 'Change the texts, default or position of a notification setting',
        description:
          'Topic and channel cannot change (400). A new default reaches users who have no row ' +
          'for the setting yet and anyone who resets their settings; choices made stay.',
        params: idParams,
        body: adminNotificationDefinitionUpdateSchema,
        response: {
          200: adminNotificationDefinitionResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await definitions.update(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    '/notification-definitions/:id',
    {
      schema: {
        ...base,
        summary: 'Delete a notification setting: that channel stops for that topic',
        description:
          "Users' choices for it are deleted with it, and nothing is sent on that channel for " +
          'that topic any more (the bell still gets every notification).',
        params: idParams,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { users } = await definitions.delete(adminActor(request), request.params.id);
      return {
        success: true as const,
        message: `Notification setting deleted (${users} users' choices removed).`,
      };
    },
  );
}
