import { Messages } from '@exhale/contract/messages';
import { couponVerifyRequestSchema } from '@exhale/contract/payments';
import { couponVerifyResponseSchema } from '@exhale/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createCouponsService } from './coupons.module';
import { toCoupon } from './coupons.service';

export async function couponsRoutes(app: FastifyInstance) {
  const coupons = createCouponsService({ db: app.db });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/coupon/verify',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['plans'],
        summary: 'Checks a coupon code for the caller',
        security: bearerAuth,
        body: couponVerifyRequestSchema,
        response: { 200: couponVerifyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const coupon = await coupons.verifyCode(
        caller(request).userId,
        request.body.code,
        app.clock.now(),
      );
      return {
        success: true as const,
        message: Messages.COUPON_APPLIED.message,
        data: toCoupon(coupon),
      };
    },
  );
}
