import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { publicOrigin } from '../../lib/public-origin';
import { credentialRateLimit } from '../auth/code-routes';
import { FULL_ACCESS, caller } from '../../plugins/auth';
import { createAccountService } from './account.module';

export async function accountRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const account = createAccountService({
    db: app.db,
    tokens: app.tokens,
    outbox: app.outbox,
    storage: app.storage,
    clock: app.clock,
    log: app.log,
  });

  typed.post(
    '/auth/user/delete-request',
    {
      onRequest: app.authenticate(),
      config: credentialRateLimit(app),
      schema: {
        tags: ['account'],
        summary: 'Mail a link that confirms deleting the account (valid 24 hours, single use)',
        security: bearerAuth,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      await account.requestDeletion(caller(request).userId, publicOrigin(app.config, request));
      return { success: true as const, message: Messages.ACCOUNT_DELETE_MAIL_SENT.message };
    },
  );

  typed.delete(
    '/auth/user/delete',
    {
      onRequest: app.authenticate(['delete', ...FULL_ACCESS]),
      schema: {
        tags: ['account'],
        summary: 'Delete the account and erase its personal data (delete-link token or session)',
        security: bearerAuth,
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await account.deleteAccount(caller(request));
      return { success: true as const, message: Messages.ACCOUNT_DELETED.message };
    },
  );
}
