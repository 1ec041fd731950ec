import {
  quizAnswerRequestSchema,
  quizResultResponseSchema,
  quizzesResponseSchema,
} from '@exhale/contract/content';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { createQuizService } from './quiz.module';

/** Per IP: enough for a family sharing one connection, too few to fill the table with junk. */
const QUIZ_ANSWER_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

export async function quizRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const quiz = createQuizService({ db: app.db, clock: app.clock });

  typed.post(
    '/quiz/quiz-answer',
    {
      config: { rateLimit: QUIZ_ANSWER_RATE_LIMIT },
      schema: {
        tags: ['quiz'],
        summary: 'Register for a quiz with its answers; answers the score and the correct options',
        description:
          '`quiz_id` is the quiz set of the page (/quiz/{quiz_id}); `quiz` lists, per quiz, ' +
          'the chosen option (`answer`) of each question. Correct options are revealed only here.',
        body: quizAnswerRequestSchema,
        response: { 200: quizResultResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      message: Messages.QUIZ_SUBMITTED.message,
      data: await quiz.submit(request.body),
    }),
  );

  typed.get(
    '/quiz/:id',
    {
      schema: {
        tags: ['quiz'],
        summary: 'The quizzes of a quiz set, in order, without the correct options',
        params: z.object({ id: z.string() }),
        response: { 200: quizzesResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const data = await quiz.get(request.params.id);
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, data };
    },
  );
}
