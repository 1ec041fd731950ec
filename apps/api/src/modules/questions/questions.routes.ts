import { questionQuerySchema, questionsResponseSchema } from '@exhale/contract/programme';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { createQuestionsService } from './questions.module';

export async function questionsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createQuestionsService({ db: app.db });
  const requireSession = app.authenticate();

  typed.get(
    '/question',
    {
      // The landing page's test (event 0) is taken before sign-up; everything else needs a session.
      onRequest: async function (request, reply) {
        // Runs before validation (a 401 comes before a 400), so the query is still raw here.
        const { event, route } = request.query as { event?: unknown; route?: unknown };
        if (event === '0' && route === undefined) return;
        await requireSession.call(this, request, reply);
      },
      schema: {
        tags: ['programme'],
        summary: 'SIM test statements (event) or an exercise’s questions (route)',
        description:
          'Send exactly one of `event` (0 is public, 1 and 2 need a session) or `route` ' +
          '(needs a session; 404 for an unknown route; 403 before the first SIM test, and for a ' +
          'premium-only exercise without premium). Questions come in the order they are asked.',
        security: bearerAuth,
        querystring: questionQuerySchema,
        response: { 200: questionsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.list(request.query, request.auth?.userId),
    }),
  );
}
