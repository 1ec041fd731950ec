import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import {
  channelFiguresResponseSchema,
  channelTestResponseSchema,
  TEST_CHANNELS,
  deliveryFiguresQuerySchema,
  deliveryFiguresResponseSchema,
  programmeMessageRequestSchema,
  programmeMessageResponseSchema,
  programmeMessagesQuerySchema,
  programmeMessagesResponseSchema,
  programmePreviewRequestSchema,
  programmePreviewResponseSchema,
} from '@exhale/contract/messaging';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { adminActor } from '../admin-console/admin-actor';
import {
  createChannelsService,
  createChannelTestService,
  createProgrammeAdminService,
} from './messaging.module';
import { samplePreview } from './programme-admin.service';
import { messagingSecret } from './secret';

const idParams = z.object({ id: z.string() });
const base = { tags: ['admin'], security: bearerAuth };

/**
 * /api/admin/programme-messages (the library), /api/admin/programme-figures and
 * /api/admin/channel-figures and /api/admin/channels/{channel}/test.
 */
export async function programmeAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = createProgrammeAdminService({ db: app.db, clock: app.clock });
  const channels = createChannelsService({
    db: app.db,
    clock: app.clock,
    outbox: app.outbox,
    config: app.config,
    secret: await messagingSecret(app.config),
  });

  typed.get(
    '/programme-messages',
    {
      schema: {
        ...base,
        summary: 'The programme message library, by day offset, language and tobacco type',
        querystring: programmeMessagesQuerySchema,
        response: { 200: programmeMessagesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await admin.list({
        dayOffset: request.query.day_offset,
        language: request.query.language,
        tobaccoType: request.query.tobacco_type,
      }),
    }),
  );

  typed.post(
    '/programme-messages',
    {
      schema: {
        ...base,
        summary: 'Add a message (a language or a tobacco variant for a day)',
        body: programmeMessageRequestSchema,
        response: {
          201: programmeMessageResponseSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const data = await admin.create(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/programme-messages/:id',
    {
      schema: {
        ...base,
        summary: 'Edit a message',
        params: idParams,
        body: programmeMessageRequestSchema,
        response: {
          200: programmeMessageResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await admin.update(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    '/programme-messages/:id',
    {
      schema: {
        ...base,
        summary: "Delete a variant (each day's English message for everyone stays)",
        params: idParams,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await admin.delete(adminActor(request), request.params.id);
      return { success: true as const };
    },
  );

  typed.post(
    '/programme-messages/preview',
    {
      schema: {
        ...base,
        summary: "A message's text filled with a sample member's figures",
        body: programmePreviewRequestSchema,
        response: { 200: programmePreviewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: samplePreview(request.body.text, request.body.day_offset),
    }),
  );

  typed.get(
    '/programme-figures',
    {
      schema: {
        ...base,
        summary: 'Programme delivery per IST day: sent, delivered, failed, SMS fallbacks, replies',
        querystring: deliveryFiguresQuerySchema,
        response: { 200: deliveryFiguresResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await admin.figures(request.query.days),
    }),
  );

  typed.get(
    '/channel-figures',
    {
      schema: {
        ...base,
        summary:
          'SMS, WhatsApp and push per IST day: sent, delivered, read, failed, not sent (with ' +
          'reasons), and configuration problems',
        querystring: deliveryFiguresQuerySchema,
        response: { 200: channelFiguresResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await channels.figures(request.query.days),
    }),
  );
  typed.post(
    '/channels/:channel/test',
    {
      schema: {
        ...base,
        summary:
          "Sends a test message to the operator's own verified number, browsers or email on " +
          'one channel, through its configured provider, and answers what the provider said',
        params: z.object({ channel: z.enum(TEST_CHANNELS) }),
        response: { 200: channelTestResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      // The senders are read per request: tests may swap one for a fake's.
      const tests = createChannelTestService({
        db: app.db,
        clock: app.clock,
        senders: app.messageSenders,
        log: app.log,
      });
      return {
        success: true as const,
        data: await tests.send(adminActor(request), request.params.channel),
      };
    },
  );
}
