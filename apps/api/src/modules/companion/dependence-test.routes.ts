import {
  dependenceHistoryResponseSchema,
  dependenceQuestionsQuerySchema,
  dependenceQuestionsResponseSchema,
  dependenceResultResponseSchema,
  dependenceTestRequestSchema,
} from '@exhale/contract/dependence-test';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { caller } from '../../plugins/auth';
import { createDependenceTestService } from './dependence-test.module';
import { COMPANION_TAG } from './quit-plan.routes';

export async function dependenceTestRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tests = createDependenceTestService({ db: app.db, clock: app.clock });
  const signedIn = app.authenticate();

  /**
   * The test is public; a genuine session token only decides whether the result is kept. A token
   * that is missing, expired or revoked leaves the caller anonymous rather than refusing the
   * answers (decision 032): someone whose session lapsed still gets their score.
   */
  async function optionalSession(request: FastifyRequest): Promise<string | undefined> {
    if (!request.headers.authorization) return undefined;
    try {
      await signedIn.call(app, request, undefined as never);
      return request.auth?.userId;
    } catch {
      request.auth = undefined;
      return undefined;
    }
  }

  typed.get(
    '/dependence-test',
    {
      schema: {
        tags: [COMPANION_TAG],
        summary: 'The FTND (smoking) or FTND-ST (smokeless) questions',
        querystring: dependenceQuestionsQuerySchema,
        response: { 200: dependenceQuestionsResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ success: true as const, data: tests.questions(request.query.variant) }),
  );

  typed.post(
    '/dependence-test',
    {
      schema: {
        tags: [COMPANION_TAG],
        summary:
          'Scores the answers (0–10, with a level); kept in the history of a signed-in caller',
        description:
          'Public. With a valid session token (`Authorization: Bearer`) the result is stored in the ' +
          "caller's history (`stored: true`).",
        body: dependenceTestRequestSchema,
        response: { 200: dependenceResultResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tests.submit(request.body, await optionalSession(request)),
    }),
  );

  typed.get(
    '/dependence-test/history',
    {
      onRequest: signedIn,
      schema: {
        tags: [COMPANION_TAG],
        summary: "The caller's dependence test results, oldest first",
        security: bearerAuth,
        response: { 200: dependenceHistoryResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tests.history(caller(request).userId),
    }),
  );
}
