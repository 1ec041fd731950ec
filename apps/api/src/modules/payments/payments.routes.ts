import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import { sandboxPayRequestSchema, sandboxPayResponseSchema } from '@exhale/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function paymentsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // The webhook's signature covers the exact bytes Razorpay sent, so this route (and only this
  // one: the parser is registered in its own encapsulated scope) keeps the body as a raw Buffer
  // instead of letting JSON parsing normalise it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/payments/webhook',
      {
        // Razorpay retries failed deliveries itself; the per-IP limit must not refuse a burst.
        config: { rateLimit: false },
        schema: {
          tags: ['payments'],
          summary: 'Razorpay webhook (raw body signed in X-Razorpay-Signature)',
          headers: z
            .object({
              'x-razorpay-signature': z.string().optional(),
              'x-razorpay-event-id': z.string().optional(),
            })
            .loose(),
          response: { 200: messageEnvelopeSchema, ...errorResponses(400) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { event, duplicate } = await app.payments.handleWebhook(
          raw,
          header(request.headers['x-razorpay-signature']),
          header(request.headers['x-razorpay-event-id']),
        );
        return { success: true as const, message: duplicate ? `${event} (replay)` : event };
      },
    );
  });

  typed.post(
    '/payments/sandbox/pay',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['payments'],
        summary: 'Sandbox checkout: pays or fails an order as Razorpay Checkout would (dev only)',
        security: bearerAuth,
        body: sandboxPayRequestSchema,
        response: { 200: sandboxPayResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.payments.sandboxPay(
        caller(request).userId,
        request.body.order_id,
        request.body.outcome,
      ),
    }),
  );
}
