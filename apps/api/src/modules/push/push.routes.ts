import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createPushService } from './push.module';

/** Url-safe base64, as `PushSubscription.toJSON()` gives the keys. */
const base64Url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'not url-safe base64');

const subscriptionBody = z.object({
  endpoint: z.string().trim().min(1).max(2_000),
  keys: z.object({
    // A P-256 public key (65 bytes: 87 characters) and a 16-byte auth secret (22 characters).
    p256dh: base64Url(80, 100),
    auth: base64Url(20, 30),
  }),
});

const tags = ['push'];

/** Web Push (API.md "Real channels"): the key, the caller's browsers, a test message. */
export async function pushRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const push = createPushService({
    db: app.db,
    outbox: app.outbox,
    clock: app.clock,
    production: app.config.NODE_ENV === 'production',
  });
  const signedIn = app.authenticate();

  typed.get(
    '/push/key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (url-safe base64), for `pushManager.subscribe`",
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ public_key: z.string() }) }),
        },
      },
    },
    async () => ({ success: true as const, data: { public_key: app.webPush.publicKey } }),
  );

  typed.post(
    '/push/subscriptions',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          "Saves this browser's push subscription (`PushSubscription.toJSON()`); the same endpoint again updates it, and a member keeps at most 10 (the oldest goes)",
        security: bearerAuth,
        body: subscriptionBody,
        response: {
          201: z.object({ success: z.literal(true), data: z.object({ _id: z.string() }) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const id = await push.subscribe(
        caller(request).userId,
        request.body,
        request.headers['user-agent'],
      );
      return reply.code(201).send({ success: true as const, data: { _id: id } });
    },
  );

  typed.delete(
    '/push/subscriptions',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "Forgets one of the caller's browsers (signing out, or notifications turned off)",
        security: bearerAuth,
        body: z.object({ endpoint: z.string().trim().min(1).max(2_000) }),
        response: { 204: z.null().describe('Forgotten'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(caller(request).userId, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  typed.post(
    '/push/test',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "Queues 'Notifications are on' for each of the caller's browsers",
        security: bearerAuth,
        response: {
          202: z.object({ success: z.literal(true), data: z.object({ sent: z.number().int() }) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const sent = await push.test(caller(request).userId);
      return reply.code(202).send({ success: true as const, data: { sent } });
    },
  );
}
