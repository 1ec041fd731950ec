import { Messages } from '@exhale/contract/messages';
import {
  currentPlanResponseSchema,
  currentPlanStateResponseSchema,
  paymentVerifyRequestSchema,
  refundRequestSchema,
  refundResponseSchema,
  userPlanCreateRequestSchema,
  userPlanOrderResponseSchema,
} from '@exhale/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { sendPdf } from '../../lib/downloads';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { invoicePdfForUser } from '../invoices/invoices.module';
import { createUserPlansService } from './user-plans.module';

/** Checkout's signature travels in this header (Razorpay's name); other headers pass through. */
export const signatureHeaders = z.object({ 'x-razorpay-signature': z.string().optional() }).loose();

export async function userPlansRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createUserPlansService({
    db: app.db,
    clock: app.clock,
    payments: app.payments,
  });
  const signedIn = app.authenticate();

  typed.post(
    '/user-plan',
    {
      onRequest: signedIn,
      schema: {
        tags: ['plans'],
        summary: 'Opens a checkout for a plan (amounts computed by the server)',
        security: bearerAuth,
        body: userPlanCreateRequestSchema,
        response: {
          200: userPlanOrderResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request) => {
      const data = await service.createOrder(caller(request).userId, request.body);
      return {
        success: true as const,
        ...(data.payment ? {} : { message: Messages.PLAN_PURCHASED.message }),
        data,
      };
    },
  );

  typed.post(
    '/user-plan/verify',
    {
      onRequest: signedIn,
      schema: {
        tags: ['plans'],
        summary: "Verifies the checkout's payment signature and activates the plan (idempotent)",
        security: bearerAuth,
        headers: signatureHeaders,
        body: paymentVerifyRequestSchema,
        response: { 200: currentPlanResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const data = await service.verify(caller(request).userId, {
        orderId: request.body.order_id,
        paymentId: request.body.payment_id,
        planId: request.body.id,
        signature: request.headers['x-razorpay-signature'],
      });
      return { success: true as const, message: Messages.PLAN_PURCHASED.message, data };
    },
  );

  typed.get(
    '/user-plan/current',
    {
      onRequest: signedIn,
      schema: {
        tags: ['plans'],
        summary: "The caller's current plan, or null on the free plan",
        description:
          '`can_buy_premium` is the one purchase rule every Upgrade and Buy button follows; ' +
          '`refund` is the latest refund request and its state.',
        security: bearerAuth,
        response: { 200: currentPlanStateResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.state(caller(request).userId)),
    }),
  );

  typed.put(
    '/user-plan/request-refund',
    {
      onRequest: signedIn,
      schema: {
        tags: ['plans'],
        summary: 'Asks for a refund of the current plan (once, within 10 business days)',
        security: bearerAuth,
        body: refundRequestSchema,
        response: { 200: refundResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.refunds.request(caller(request).userId, request.body.id, request.body.reason),
    }),
  );

  typed.get(
    '/user-plan/invoice/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['plans'],
        summary: 'The GST tax invoice of one of your payments, as PDF (by invoice or payment id)',
        security: bearerAuth,
        params: z.object({ id: z.string() }),
        produces: ['application/pdf'],
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const invoice = await invoicePdfForUser(app.db, caller(request).userId, request.params.id);
      if (!invoice) {
        throw new AppError(
          404,
          Messages.INVOICE_NOT_FOUND.code,
          Messages.INVOICE_NOT_FOUND.message,
        );
      }
      return sendPdf(reply, invoice);
    },
  );
}
