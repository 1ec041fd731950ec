import { Messages } from '@exhale/contract/messages';
import { nextSimEvent, type SimAttempt, type SimEvent } from '@exhale/contract/programme';
import {
  computeSimScore,
  rawPoints,
  type Answer,
  type RandomSource,
} from '@exhale/contract/sim-score';
import { canTakeTest, stepAfterTest } from '@exhale/contract/steps';
import { AppError, notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { uniqueViolation } from '../../lib/pg-errors';
import type { QuestionsRepository } from '../questions/questions.repository';
import type { TestAttemptsRepository } from '../sim/test-attempts.repository';
import type { UsersRepository } from '../users/users.repository';
import type { SimTestRepository } from './sim-test.repository';

export interface SimTestResult {
  total_points: number;
  attempt: number;
  step: number;
}

/** What the SIM test reads and writes, on one executor (sim-test.module.ts builds them). */
export interface SimTestRepositories {
  simTest: Pick<
    SimTestRepository,
    'finishedPremiumProgramme' | 'listAttempts' | 'latestAttempt' | 'recordScore'
  >;
  questions: Pick<QuestionsRepository, 'listByEvent'>;
  attempts: Pick<TestAttemptsRepository, 'insert'>;
  users: Pick<UsersRepository, 'findByIdForUpdate'>;
}

/**
 * The SIM test: which statements a user answers next, and scoring a submission. Scores are
 * computed here from the stored options, never taken from the client.
 */
export class SimTestService {
  constructor(
    private readonly deps: {
      data: DataAccess<SimTestRepositories>;
      /** Injected so tests (and a bug report's seed) reproduce a score exactly. */
      random: RandomSource;
    },
  ) {}

  /** The event of the user's next test. */
  private async nextEvent(
    repos: SimTestRepositories,
    userId: string,
    attempts: number,
  ): Promise<SimEvent> {
    const finishedPremium = attempts > 0 && (await repos.simTest.finishedPremiumProgramme(userId));
    return nextSimEvent({ attempts, finishedPremium });
  }

  async attempts(userId: string): Promise<{ attempts: SimAttempt[]; nextEvent: SimEvent }> {
    const { repos } = this.deps.data;
    const rows = await repos.simTest.listAttempts(userId);
    return {
      attempts: rows.map((row) => ({
        total_points: row.totalPoints,
        attempt: row.attempt,
        created_at: row.createdAt.toISOString(),
      })),
      nextEvent: await this.nextEvent(repos, userId, rows.length),
    };
  }

  /**
   * Scores a visitor's landing-page test (event 0) without recording anything: the first-attempt
   * rule needs no randomness, so the score a visitor sees is the one sign-up will record.
   */
  async scoreLandingTest(answers: Answer[]): Promise<{ total_points: number }> {
    const statements = await this.deps.data.repos.questions.listByEvent(0);
    if (statements.length === 0) {
      throw new AppError(
        404,
        Messages.NO_QUESTIONS_FOUND.code,
        Messages.NO_QUESTIONS_FOUND.message,
      );
    }
    const scored = this.score(statements, answers);
    return { total_points: computeSimScore({ raw: scored }, this.deps.random) };
  }

  private score(
    statements: Awaited<ReturnType<QuestionsRepository['listByEvent']>>,
    answers: Answer[],
  ): number {
    const scored = rawPoints(
      statements.map((row) => ({
        _id: row.id,
        question_type: row.questionType,
        options: row.options,
      })),
      answers,
    );
    if (!scored.ok) {
      const entry =
        scored.reason === 'unanswered_question'
          ? Messages.ANSWER_ALL_QUESTIONS
          : Messages.TEST_SAVE_FAILED;
      throw new AppError(400, entry.code, entry.message, [
        { path: 'answers', message: `${scored.reason}: ${scored.questionId}` },
      ]);
    }
    return scored.raw;
  }

  async submit(userId: string, answers: Answer[]): Promise<SimTestResult> {
    try {
      return await this.deps.data.transaction(async (repos) => {
        // The row lock orders concurrent submissions: the second one sees the moved step.
        const user = await repos.users.findByIdForUpdate(userId);
        if (!user) throw notFound();
        const nextStep = canTakeTest(user.step) ? stepAfterTest(user.step) : null;
        if (nextStep === null) {
          throw new AppError(
            403,
            Messages.TEST_NOT_AVAILABLE.code,
            Messages.TEST_NOT_AVAILABLE.message,
          );
        }

        const repository = repos.simTest;
        const previous = await repository.latestAttempt(userId);
        const event = await this.nextEvent(repos, userId, previous?.attempt ?? 0);
        const statements = await repos.questions.listByEvent(event);
        if (statements.length === 0) {
          throw new AppError(
            404,
            Messages.NO_QUESTIONS_FOUND.code,
            Messages.NO_QUESTIONS_FOUND.message,
          );
        }

        const raw = this.score(statements, answers);

        const totalPoints = computeSimScore(
          {
            raw,
            previous: previous ? { raw: previous.rawPoints, score: previous.totalPoints } : null,
          },
          this.deps.random,
        );
        const attempt = (previous?.attempt ?? 0) + 1;
        await repos.attempts.insert({
          userId,
          attempt,
          rawPoints: raw,
          totalPoints,
        });
        await repository.recordScore(userId, nextStep, totalPoints);
        return { total_points: totalPoints, attempt, step: nextStep };
      });
    } catch (error) {
      // Belt and braces behind the row lock: the unique (user, attempt) pair refuses a replay.
      if (uniqueViolation(error) === 'test_attempts_user_attempt_key') {
        throw new AppError(
          409,
          Messages.TEST_ALREADY_SUBMITTED.code,
          Messages.TEST_ALREADY_SUBMITTED.message,
        );
      }
      throw error;
    }
  }
}
