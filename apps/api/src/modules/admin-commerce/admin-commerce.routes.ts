import {
  adminCouponCreateSchema,
  adminCouponResponseSchema,
  adminCouponsResponseSchema,
  adminCouponUpdateSchema,
  adminLiveSessionCreateSchema,
  adminLiveSessionResponseSchema,
  adminLiveSessionsResponseSchema,
  adminLiveSessionUpdateSchema,
  adminPaymentsPageSchema,
  adminPaymentsQuerySchema,
  adminPlanCreateSchema,
  adminPlanResponseSchema,
  adminPlansResponseSchema,
  adminPlanUpdateSchema,
  adminRefundResponseSchema,
  adminRefundsPageSchema,
  adminRefundsQuerySchema,
  liveSessionEnrolmentsResponseSchema,
  refundRejectSchema,
} from '@exhale/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../lib/downloads';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { adminActor } from '../admin-console/admin-actor';
import { createAdminCommerceService } from './admin-commerce.module';

const idParams = z.object({ id: z.string() });
const base = { tags: ['admin'], security: bearerAuth };

/** Plans, coupons, live sessions, payments with their invoices, refund decisions. */
export async function adminCommerceRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const commerce = createAdminCommerceService({
    db: app.db,
    storage: app.storage,
    refunds: app.refunds,
  });

  typed.get(
    '/plans',
    {
      schema: {
        ...base,
        summary: 'Every plan, inactive ones included',
        response: { 200: adminPlansResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await commerce.listPlans() }),
  );

  typed.post(
    '/plans',
    {
      schema: {
        ...base,
        summary: 'Add a plan (prices in rupees)',
        body: adminPlanCreateSchema,
        response: { 201: adminPlanResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await commerce.createPlan(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/plans/:id',
    {
      schema: {
        ...base,
        summary: 'Change a plan; `active: false` takes it off sale',
        params: idParams,
        body: adminPlanUpdateSchema,
        response: { 200: adminPlanResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await commerce.updatePlan(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.get(
    '/coupons',
    {
      schema: {
        ...base,
        summary: 'Every coupon with how often it was used',
        response: { 200: adminCouponsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await commerce.listCoupons() }),
  );

  typed.post(
    '/coupons',
    {
      schema: {
        ...base,
        summary: 'Add a coupon (6-character code, flat rupees or percent)',
        body: adminCouponCreateSchema,
        response: { 201: adminCouponResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await commerce.createCoupon(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/coupons/:id',
    {
      schema: {
        ...base,
        summary: 'Change a coupon; `active: false` switches it off',
        params: idParams,
        body: adminCouponUpdateSchema,
        response: { 200: adminCouponResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await commerce.updateCoupon(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.get(
    '/live-sessions',
    {
      schema: {
        ...base,
        summary: 'Every live session with its joining details and number of paid places',
        response: { 200: adminLiveSessionsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await commerce.listLiveSessions() }),
  );

  typed.post(
    '/live-sessions',
    {
      schema: {
        ...base,
        summary: 'Add a live session (date and time in IST; description sanitised on save)',
        body: adminLiveSessionCreateSchema,
        response: { 201: adminLiveSessionResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = await commerce.createLiveSession(adminActor(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  typed.put(
    '/live-sessions/:id',
    {
      schema: {
        ...base,
        summary: 'Change a live session; `active: false` hides it',
        params: idParams,
        body: adminLiveSessionUpdateSchema,
        response: { 200: adminLiveSessionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await commerce.updateLiveSession(adminActor(request), request.params.id, request.body),
    }),
  );

  typed.get(
    '/live-sessions/:id/enrolments',
    {
      schema: {
        ...base,
        summary: 'Who holds (or held) a place in a live session',
        params: idParams,
        response: { 200: liveSessionEnrolmentsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await commerce.enrolments(request.params.id),
    }),
  );

  typed.get(
    '/payments',
    {
      schema: {
        ...base,
        summary: 'Captured payments, newest first (search by name, email, payment id, invoice no.)',
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await commerce.paymentsPage(request.query)),
    }),
  );

  typed.get(
    '/payments/:id/invoice',
    {
      schema: {
        ...base,
        summary: 'The GST tax invoice of any payment, as PDF (by payment or invoice id)',
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => sendPdf(reply, await commerce.invoicePdf(request.params.id)),
  );

  typed.get(
    '/refunds/:id/credit-note',
    {
      schema: {
        ...base,
        summary: 'The GST credit note of an approved refund, as PDF (by refund or credit-note id)',
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => sendPdf(reply, await commerce.creditNotePdf(request.params.id)),
  );

  typed.get(
    '/refunds',
    {
      schema: {
        ...base,
        summary: 'Refund requests, newest first, optionally of one status',
        querystring: adminRefundsQuerySchema,
        response: { 200: adminRefundsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await commerce.refundsPage(request.query)),
    }),
  );

  typed.post(
    '/refunds/:id/approve',
    {
      schema: {
        ...base,
        summary: 'Approve a refund: money back through the provider, the user back on free',
        params: idParams,
        response: { 200: adminRefundResponseSchema, ...errorResponses(401, 403, 404, 409, 502) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Refund approved.',
      data: await commerce.approveRefund(adminActor(request), request.params.id),
    }),
  );

  typed.post(
    '/refunds/:id/reject',
    {
      schema: {
        ...base,
        summary: 'Reject a refund with a reason the user sees (final)',
        params: idParams,
        body: refundRejectSchema,
        response: { 200: adminRefundResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Refund rejected.',
      data: await commerce.rejectRefund(
        adminActor(request),
        request.params.id,
        request.body.reason,
      ),
    }),
  );
}
