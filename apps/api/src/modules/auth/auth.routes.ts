import {
  googleLoginRequestSchema,
  otpRequestResponseSchema,
  otpRequestSchema,
  otpVerifyRequestSchema,
  passwordLoginRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetLinkRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
} from '@exhale/contract/auth';
import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { publicOrigin } from '../../lib/public-origin';
import { requestLanguage } from '../../lib/texts/texts';
import { caller } from '../../plugins/auth';
import { GoogleIdentity } from '../../providers/google/google-identity';
import type { RequestMeta } from './auth.service';
import { createAuthService } from './auth.module';
import { credentialRateLimit, otpServiceFor } from './code-routes';
import { createEmailVerificationService } from './email-verification.module';
import { createPasswordResetService } from './password-reset.module';

function meta(request: FastifyRequest): RequestMeta {
  return {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    language: requestLanguage(request.headers['accept-language']),
  };
}

export async function authRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const otp = otpServiceFor(app);
  const emailVerification = createEmailVerificationService({
    db: app.db,
    tokens: app.tokens,
    outbox: app.outbox,
    clock: app.clock,
  });
  const auth = createAuthService({
    db: app.db,
    outbox: app.outbox,
    emailVerification,
    tokens: app.tokens,
    otp,
    counters: app.counters,
    clock: app.clock,
    storage: app.storage,
    google: config.GOOGLE_CLIENT_ID
      ? new GoogleIdentity({
          clientId: config.GOOGLE_CLIENT_ID,
          issuer: config.GOOGLE_ISSUER,
          jwksUrl: config.GOOGLE_JWKS_URL,
          userinfoUrl: config.GOOGLE_USERINFO_URL,
          tokeninfoUrl: config.GOOGLE_TOKENINFO_URL,
        })
      : undefined,
  });
  const passwordReset = createPasswordResetService({
    db: app.db,
    tokens: app.tokens,
    outbox: app.outbox,
    counters: app.counters,
    clock: app.clock,
  });
  const limited = credentialRateLimit(app);

  typed.post(
    '/auth/user/register',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Create an account (step 1 with the landing test score records SIM attempt 1)',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { token, user, step } = await auth.register(
        request.body,
        meta(request),
        publicOrigin(config, request),
      );
      return reply.status(201).send({
        success: true as const,
        message: Messages.REGISTER_SUCCESS.message,
        token,
        data: user,
        step,
      });
    },
  );

  typed.post(
    '/auth/user/login',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Send a sign-in code to the email or mobile; returns the temp (otp) token',
        description:
          'Calling again after 30 seconds sends a new code and retires the old one (Resend OTP). ' +
          'An address with no account gets the same answer and token kind, and nothing is sent; ' +
          'its token verifies no code (decision 077).',
        body: otpRequestSchema,
        response: { 200: otpRequestResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { token, message } = await auth.requestOtp(request.body);
      return { success: true as const, message, token };
    },
  );

  typed.post(
    '/auth/user/verify',
    {
      config: limited,
      onRequest: app.authenticate(['otp']),
      schema: {
        tags: ['auth'],
        summary: 'Exchange the temp token and its code for a session',
        security: bearerAuth,
        body: otpVerifyRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 403, 410, 429) },
      },
    },
    async (request) => {
      const { claims } = caller(request);
      const { token, user } = await auth.verifyOtp(claims, request.body.otp, meta(request));
      return { success: true as const, message: Messages.LOGIN_SUCCESS.message, token, data: user };
    },
  );

  typed.post(
    '/auth/user/password-login',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email or mobile and password',
        body: passwordLoginRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { token, user } = await auth.passwordLogin(request.body, meta(request));
      return { success: true as const, message: Messages.LOGIN_SUCCESS.message, token, data: user };
    },
  );

  typed.post(
    '/auth/google-login',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in or sign up with a Google ID token (credential) or access token',
        description:
          'The email, name and other profile fields of the body are ignored: identity comes only from Google.',
        body: googleLoginRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request) => {
      const { token, user } = await auth.googleLogin(request.body, meta(request));
      return { success: true as const, message: Messages.LOGIN_SUCCESS.message, token, data: user };
    },
  );

  typed.post(
    '/auth/reset-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'Mail a password reset link (the answer is the same whether or not the account exists)',
        body: resetLinkRequestSchema,
        response: { 200: messageEnvelopeSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      // Answered before the address is even looked up (decision 036): a known and an unknown
      // address take the same path and the same time.
      const { email } = request.body;
      const origin = publicOrigin(config, request);
      app.backgroundTasks.run('password reset mail', () =>
        passwordReset.requestLink(email, origin),
      );
      return { success: true as const, message: Messages.RESET_MAIL_SENT.message };
    },
  );

  typed.post(
    '/user/reset-pwd',
    {
      config: limited,
      onRequest: app.authenticate(['reset']),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the reset token; ends every session',
        security: bearerAuth,
        body: resetPasswordRequestSchema,
        response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await passwordReset.resetPassword(caller(request).claims, request.body, request.ip);
      return { success: true as const, message: Messages.RESET_PASSWORD_SUCCESS.message };
    },
  );

  typed.post(
    '/auth/user/verify-email',
    {
      config: limited,
      onRequest: app.authenticate(['verify']),
      schema: {
        tags: ['auth'],
        summary: 'Confirm the email address with the token of the mailed link (single use)',
        description:
          'Sign-up and an address change mail a link to /verify-email?token=…; the page sends that token here.',
        security: bearerAuth,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      await emailVerification.verifyLink(caller(request).claims);
      return { success: true as const, message: Messages.EMAIL_VERIFIED.message };
    },
  );

  typed.post(
    '/auth/user/verify-email/request',
    {
      config: limited,
      onRequest: app.authenticate(),
      schema: {
        tags: ['auth'],
        summary: "Mail a new link that confirms the signed-in member's email address",
        description: 'Sends nothing when the address is confirmed already; the answer is the same.',
        security: bearerAuth,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      await emailVerification.resend(caller(request).userId, publicOrigin(config, request));
      return { success: true as const, message: Messages.VERIFY_MAIL_SENT.message };
    },
  );

  typed.post(
    '/auth/user/logout',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['auth'],
        summary: "End the caller's session",
        security: bearerAuth,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await auth.logout(caller(request).sessionId);
      return { success: true as const, message: Messages.LOGOUT_SUCCESS.message };
    },
  );
}
