import type { FastifyInstance, FastifySchema } from 'fastify';
import { bearerAuth } from '../../lib/http-schemas';
import { createOtpService } from './otp.module';

/** The one-time-code service as every route that sends or checks a code builds it. */
export function otpServiceFor(app: FastifyInstance) {
  return createOtpService({
    db: app.db,
    outbox: app.outbox,
    counters: app.counters,
    clock: app.clock,
    secret: app.config.JWT_SECRET,
  });
}

/**
 * The per-IP budget of the credential endpoints, tighter than the global one: each try costs an
 * argon2 hash, a mail, an SMS or a WhatsApp message, or a guess at a code.
 */
export function credentialRateLimit(app: FastifyInstance) {
  return { rateLimit: { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' } };
}

/**
 * Route options for a signed-in member's step that sends or checks a code for a number of their
 * profile (the mobile number, decision 078; the WhatsApp number): signed in, under the credential
 * budget, documented under `profile` with bearer auth.
 */
export function profileCodeRouteOptions<S extends Omit<FastifySchema, 'tags' | 'security'>>(
  app: FastifyInstance,
  schema: S & { summary: string },
) {
  return {
    config: credentialRateLimit(app),
    onRequest: app.authenticate(),
    schema: { tags: ['profile'], ...schema, security: bearerAuth },
  };
}
