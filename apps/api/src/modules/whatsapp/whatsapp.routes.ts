import {
  userResponseSchema,
  whatsappCheckRequestSchema,
  whatsappCheckResponseSchema,
  whatsappVerifyRequestSchema,
} from '@exhale/contract/auth';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http-schemas';
import { requestLanguage } from '../../lib/texts/texts';
import { caller } from '../../plugins/auth';
import { otpServiceFor, profileCodeRouteOptions } from '../auth/code-routes';
import { toUser } from '../users/users.mapper';
import { createWhatsappService } from './whatsapp.module';

export async function whatsappRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createWhatsappService({
    db: app.db,
    otp: otpServiceFor(app),
    tokens: app.tokens,
  });

  typed.post(
    '/user/profile/whatsapp-check',
    profileCodeRouteOptions(app, {
      summary: 'Send a code to a WhatsApp number; returns the whatsapp-kind token',
      description:
        '409 when another account has the number. Calling again after 30 seconds sends a new ' +
        'code (Resend OTP). `check` is accepted for the spec’s client and has no effect.',
      body: whatsappCheckRequestSchema,
      response: { 200: whatsappCheckResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
    }),
    async (request) => {
      const { userId, sessionId } = caller(request);
      // The code is written in the language the app is showing (decision 065).
      const token = await service.sendCode(
        { userId, sessionId },
        request.body.whatsapp_no,
        requestLanguage(request.headers['accept-language']),
      );
      return {
        success: true as const,
        message: Messages.WHATSAPP_OTP_SENT.message,
        data: { token },
      };
    },
  );

  typed.post(
    '/user/profile/whatsapp-verify',
    profileCodeRouteOptions(app, {
      summary: 'Confirm the WhatsApp number with its code and save it',
      description:
        'Same code rules as sign-in: 400 wrong code (tries left in `errors`), 410 expired or ' +
        'replaced, 429 after 5 wrong tries. 409 when another account saved the number first.',
      body: whatsappVerifyRequestSchema,
      response: { 200: userResponseSchema, ...errorResponses(400, 401, 403, 409, 410, 429) },
    }),
    async (request) => {
      const auth = caller(request);
      const row = await service.verify(
        {
          userId: auth.userId,
          pendingNumber: auth.kind === 'whatsapp' ? auth.claims.wa : undefined,
        },
        request.body.whatsapp_no,
        request.body.otp,
      );
      return {
        success: true as const,
        message: Messages.WHATSAPP_VERIFIED.message,
        data: toUser(row, app.storage),
      };
    },
  );
}
