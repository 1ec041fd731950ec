import {
  notificationSettingResponseSchema,
  notificationSettingsResponseSchema,
  notificationSettingUpdateSchema,
} from '@exhale/contract/content';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createNotificationSettingsService } from './notification-settings.module';

export async function notificationSettingsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const settings = createNotificationSettingsService({ db: app.db });
  const signedIn = app.authenticate();

  typed.get(
    '/user-notification',
    {
      onRequest: signedIn,
      schema: {
        tags: ['notifications'],
        summary: "The caller's notification settings, grouped by `notification_id.title`",
        security: bearerAuth,
        response: { 200: notificationSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.list(caller(request).userId),
    }),
  );

  // Declared before /user-notification/:id; the router prefers the static path either way.
  typed.put(
    '/user-notification/reset',
    {
      onRequest: signedIn,
      schema: {
        tags: ['notifications'],
        summary: "Puts all the caller's notification settings back to their defaults",
        security: bearerAuth,
        response: { 200: notificationSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: Messages.NOTIFICATION_RESET_SUCCESS.message,
      data: await settings.reset(caller(request).userId),
    }),
  );

  typed.put(
    '/user-notification/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['notifications'],
        summary: "Turns one of the caller's notification settings on or off",
        security: bearerAuth,
        params: z.object({ id: z.string() }),
        body: notificationSettingUpdateSchema,
        response: {
          200: notificationSettingResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: Messages.NOTIFICATION_SETTING_UPDATED.message,
      data: await settings.update(caller(request).userId, request.params.id, request.body.status),
    }),
  );
}
