import { mobileVerifyRequestSchema, userResponseSchema } from '@exhale/contract/auth';
import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http-schemas';
import { requestLanguage } from '../../lib/texts/texts';
import { caller } from '../../plugins/auth';
import { otpServiceFor, profileCodeRouteOptions } from '../auth/code-routes';
import { toUser } from '../users/users.mapper';
import { createMobileVerificationService } from './mobile.module';

/** The settings' verify step for the member's own mobile number (decision 078). */
export async function mobileVerificationRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createMobileVerificationService({
    db: app.db,
    otp: otpServiceFor(app),
    clock: app.clock,
  });

  typed.post(
    '/user/profile/mobile-check',
    profileCodeRouteOptions(app, {
      summary: "Send a code by SMS to the account's own mobile number",
      description:
        'No body: the code goes to the mobile number of the profile. 409 `NO_MOBILE_NUMBER` ' +
        'without one. Calling again after 30 seconds sends a new code (Resend OTP); 429 before, ' +
        'or after 10 codes in an hour.',
      response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 409, 429) },
    }),
    async (request) => {
      // The code is written in the language the app is showing (decision 065).
      await service.sendCode(
        caller(request).userId,
        requestLanguage(request.headers['accept-language']),
      );
      return { success: true as const, message: Messages.MOBILE_OTP_SENT.message };
    },
  );

  typed.post(
    '/user/profile/mobile-verify',
    profileCodeRouteOptions(app, {
      summary: 'Confirm the mobile number with the code sent to it',
      description:
        'Same code rules as sign-in: 400 wrong code (tries left in `errors`), 410 expired, ' +
        'replaced or sent to a number the profile no longer has, 429 after 5 wrong tries. ' +
        'From then on the number may carry programme SMS and its replies are matched to the ' +
        'account, until it changes.',
      body: mobileVerifyRequestSchema,
      response: { 200: userResponseSchema, ...errorResponses(400, 401, 403, 409, 410, 429) },
    }),
    async (request) => {
      const row = await service.verify(caller(request).userId, request.body.otp);
      return {
        success: true as const,
        message: Messages.MOBILE_VERIFIED.message,
        data: toUser(row, app.storage),
      };
    },
  );
}
