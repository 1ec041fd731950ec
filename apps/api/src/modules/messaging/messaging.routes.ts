import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import {
  messagingPreferencesRequestSchema,
  messagingPreferencesResponseSchema,
  SIGNATURE_HEADER,
} from '@exhale/contract/messaging';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { publicOrigin } from '../../lib/public-origin';
import { caller } from '../../plugins/auth';
import { createChannelsService, createMessagingService } from './messaging.module';
import { messagingSecret } from './secret';

const CALLBACK_BODY_LIMIT = 64 * 1024;

const providerParams = z.object({
  provider: z
    .enum(['http', 'outbox'])
    .describe('the gateway: `http` for the HTTP adapters, `outbox` for the local default'),
});

function signatureOf(request: FastifyRequest): string | undefined {
  const value = request.headers[SIGNATURE_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

function rawBody(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

/** The member's programme preferences and the gateways' signed callbacks. */
export async function messagingRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const messaging = createMessagingService({
    db: app.db,
    clock: app.clock,
    outbox: app.outbox,
    secret: await messagingSecret(app.config),
    coachHours: app.config.COACH_HOURS,
  });
  const signedIn = app.authenticate();
  const channels = createChannelsService({
    db: app.db,
    clock: app.clock,
    outbox: app.outbox,
    config: app.config,
    log: app.log,
    secret: await messagingSecret(app.config),
  });

  typed.get(
    '/messaging/inbound/meta',
    {
      // Meta calls it when the operator saves the webhook URL; the verify token is the gate.
      config: { rateLimit: false },
      schema: {
        tags: ['messaging'],
        summary: "Meta's webhook verification handshake (WhatsApp Cloud API)",
        description:
          'Answers `hub.challenge` as text/plain when `hub.mode` is `subscribe` and ' +
          '`hub.verify_token` is WHATSAPP_VERIFY_TOKEN; 403 otherwise.',
        querystring: z.object({
          'hub.mode': z.string().max(64).optional(),
          'hub.verify_token': z.string().max(512).optional(),
          'hub.challenge': z.string().max(512).optional(),
        }),
        response: { 200: z.string(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const challenge = await channels.handshake(request.query);
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  typed.get(
    '/messaging/preferences',
    {
      onRequest: signedIn,
      schema: {
        tags: ['messaging'],
        summary: "The caller's programme message settings (channel, time, language, opt-out)",
        security: bearerAuth,
        response: { 200: messagingPreferencesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await messaging.preferences(caller(request).userId),
    }),
  );

  typed.put(
    '/messaging/preferences',
    {
      onRequest: signedIn,
      schema: {
        tags: ['messaging'],
        summary: "Sets the caller's programme message settings",
        description:
          '`send_at` is an IST time from 07:00 to 21:00. WhatsApp needs a verified WhatsApp ' +
          'number and SMS a verified mobile number (409 `NO_VERIFIED_NUMBER` otherwise, ' +
          '`NO_MOBILE_NUMBER` without any; decision 078). Saving with `opted_out` false or ' +
          'absent opts a member back in after STOP.',
        security: bearerAuth,
        body: messagingPreferencesRequestSchema,
        response: {
          200: messagingPreferencesResponseSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: Messages.MESSAGING_PREFERENCES_SAVED.message,
      data: await messaging.savePreferences(caller(request).userId, request.body),
    }),
  );

  // The signature covers the exact bytes the gateway sent, so these two routes (and only these:
  // the parser lives in this encapsulated scope) keep the body as a raw Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const callback = {
      // Gateways deliver bursts from a few addresses; the signature is the gate here.
      config: { rateLimit: false },
    };

    s.post(
      '/messaging/inbound/:provider',
      {
        ...callback,
        schema: {
          tags: ['messaging'],
          summary: "A member's reply by SMS or WhatsApp, from the gateway",
          description:
            'Body `{from, text, channel, message_id}`, signed: `X-Exhale-Signature: ' +
            'sha256=<hex HMAC-SHA256 of the raw body with MESSAGING_INBOUND_SECRET>`. The same ' +
            '`message_id` twice is handled once.',
          params: providerParams,
          response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({
        success: true as const,
        message: await messaging.inbound(
          request.params.provider,
          rawBody(request),
          signatureOf(request),
          publicOrigin(app.config, request),
        ),
      }),
    );

    s.post(
      '/messaging/inbound/meta',
      {
        ...callback,
        schema: {
          tags: ['messaging'],
          summary: "Meta's WhatsApp webhook: members' messages and delivery statuses",
          description:
            'Signed by Meta: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with ' +
            'WHATSAPP_APP_SECRET>` (401 and nothing recorded otherwise). Answered at once; the ' +
            'worker runs `messages[]` through the keyword rules (once per message id) and applies ' +
            '`statuses[]` to the messages they name.',
          response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const header = request.headers['x-hub-signature-256'];
        await channels.acceptMeta(rawBody(request), Array.isArray(header) ? header[0] : header);
        return { success: true as const, message: 'queued' };
      },
    );

    s.post(
      '/messaging/status/msg91',
      {
        ...callback,
        schema: {
          tags: ['messaging'],
          summary: "MSG91's SMS delivery reports",
          description:
            'The webhook URL carries `?token=` MSG91_WEBHOOK_TOKEN (401 otherwise). Takes ' +
            "MSG91's report bodies (form-encoded or JSON) and applies them to the messages whose " +
            'request id they name.',
          querystring: z.object({ token: z.string().max(512).optional() }),
          response: { 200: messageEnvelopeSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        await channels.acceptMsg91(
          rawBody(request),
          request.query.token,
          request.headers['content-type'],
        );
        return { success: true as const, message: 'queued' };
      },
    );

    s.post(
      '/messaging/status/:provider',
      {
        ...callback,
        schema: {
          tags: ['messaging'],
          summary: 'A delivery report (delivered, read, failed) from the gateway',
          description:
            'Body `{message_id, status}`, signed as the inbound route. `message_id` is the id ' +
            'the HTTP adapter sent with the message. A failed WhatsApp programme message is ' +
            'sent again by SMS.',
          params: providerParams,
          response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({
        success: true as const,
        message: await messaging.status(
          request.params.provider,
          rawBody(request),
          signatureOf(request),
        ),
      }),
    );
  });
}
