import { randomUUID } from 'node:crypto';
import { boundedDateTimeSchema } from '@exhale/contract/date-bounds';
import { SIGNATURE_HEADER } from '@exhale/contract/messaging';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookSignature } from '../../providers/payments/signatures';
import { createProgrammeScheduler } from './messaging.module';
import { messagingSecret } from './secret';

const replyForm = z.object({
  from: z.string().trim().min(1).max(32),
  channel: z.enum(['sms', 'whatsapp']),
  text: z.string().trim().min(1).max(2000),
});

/**
 * Outside production only (registered beside /dev/outbox): the local stand-in for a phone that
 * answers. The 'reply as this member' box of /dev/outbox posts here, and this signs the reply as
 * a gateway would and hands it to the real inbound route, so the whole loop runs without a
 * provider. `/dev/messaging/run` runs the programme's scheduler for a given instant: the browser
 * journey's injected clock.
 */
export async function messagingDevRoutes(app: FastifyInstance) {
  const secret = await messagingSecret(app.config);
  const scheduler = createProgrammeScheduler({ db: app.db, outbox: app.outbox, clock: app.clock });

  await app.register(async (scope) => {
    // The box is a plain HTML form; this scope alone reads form bodies.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/dev/outbox/reply',
        { schema: { hide: true, body: replyForm } },
        async (request, reply) => {
          const payload = JSON.stringify({
            from: request.body.from,
            text: request.body.text,
            channel: request.body.channel,
            message_id: `dev-${randomUUID()}`,
          });
          const answer = await app.inject({
            method: 'POST',
            url: '/api/messaging/inbound/outbox',
            headers: {
              // The coping reply's /sos link is built from the origin the box was opened on.
              host: request.host,
              'content-type': 'application/json',
              [SIGNATURE_HEADER]: `sha256=${webhookSignature(secret, payload)}`,
            },
            payload,
          });
          if (answer.statusCode !== 200) {
            return reply.status(answer.statusCode).type('application/json').send(answer.body);
          }
          return reply.redirect(`/dev/outbox?to=${encodeURIComponent(request.body.from)}`, 303);
        },
      );
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/dev/messaging/run',
      { schema: { hide: true, body: z.object({ at: boundedDateTimeSchema() }) } },
      async (request) => ({
        success: true as const,
        data: await scheduler.runOnce(new Date(request.body.at)),
      }),
    );
}
