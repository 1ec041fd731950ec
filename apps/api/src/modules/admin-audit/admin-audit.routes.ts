import { auditPageSchema, auditQuerySchema } from '@exhale/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { createAdminAuditService } from './admin-audit.module';

export async function adminAuditRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const audit = createAdminAuditService(app.db);

  typed.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin writes, newest first',
        security: bearerAuth,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await audit.page(request.query)) }),
  );
}
