import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import {
  liveSessionRegisterRequestSchema,
  liveSessionRegistrationResponseSchema,
  liveSessionsResponseSchema,
  paymentVerifyRequestSchema,
} from '@exhale/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { mediaUrl } from '../lessons/lessons.service';
import { signatureHeaders } from '../user-plans/user-plans.routes';
import { createLiveSessionsService } from './live-sessions.module';

export async function liveSessionsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createLiveSessionsService({
    db: app.db,
    clock: app.clock,
    payments: app.payments,
    mediaUrl: (value) => mediaUrl(app.storage, value),
  });
  const signedIn = app.authenticate();

  typed.get(
    '/live-session',
    {
      onRequest: signedIn,
      schema: {
        tags: ['live sessions'],
        summary: 'Live sessions, upcoming first, with whether the caller is registered',
        security: bearerAuth,
        response: { 200: liveSessionsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.list(caller(request).userId),
    }),
  );

  typed.post(
    '/user-live-session',
    {
      onRequest: signedIn,
      schema: {
        tags: ['live sessions'],
        summary: 'Opens a checkout for a live session (or reports an existing registration)',
        security: bearerAuth,
        body: liveSessionRegisterRequestSchema,
        response: {
          200: liveSessionRegistrationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request) => {
      const { message, data } = await service.register(caller(request).userId, request.body);
      return { success: true as const, ...(message ? { message } : {}), data };
    },
  );

  typed.post(
    '/user-live-session/verify',
    {
      onRequest: signedIn,
      schema: {
        tags: ['live sessions'],
        summary: "Verifies the checkout's payment signature and registers the caller (idempotent)",
        security: bearerAuth,
        headers: signatureHeaders,
        body: paymentVerifyRequestSchema,
        response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: await service.verify(caller(request).userId, {
        orderId: request.body.order_id,
        paymentId: request.body.payment_id,
        sessionId: request.body.id,
        signature: request.headers['x-razorpay-signature'],
      }),
    }),
  );
}
