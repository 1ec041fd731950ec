import {
  DEPENDENCE_QUESTIONS,
  scoreDependenceTest,
  type DependenceHistoryEntry,
  type DependenceResult,
  type DependenceTestRequest,
  type DependenceVariant,
} from '@exhale/contract/dependence-test';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { validationError } from '../../lib/validation';
import type { DependenceTestRepository } from './dependence-test.repository';

/** The repositories DependenceTestService uses, on the pool or a transaction (its module file builds them). */
export interface DependenceTestRepositories {
  dependenceTest: DependenceTestRepository;
}

/** The clinical dependence test (FTND / FTND-ST): public scoring, history for members. */
export class DependenceTestService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<DependenceTestRepositories>;
      clock: Clock;
    },
  ) {}

  questions(variant: DependenceVariant) {
    return DEPENDENCE_QUESTIONS[variant].map((q) => ({
      _id: q._id,
      question: q.question,
      options: q.options.map((o) => ({ value: o.value, point: o.point })),
    }));
  }

  /** Scores the answers; stores the result when the caller is a signed-in member. */
  async submit(body: DependenceTestRequest, userId: string | undefined): Promise<DependenceResult> {
    const result = scoreDependenceTest(body.variant, body.answers);
    if (!result.ok) {
      const message =
        result.reason === 'unanswered'
          ? Messages.ANSWER_ALL_QUESTIONS.message
          : Messages.DEPENDENCE_ANSWER_UNKNOWN.message;
      throw validationError([{ path: result.path, message }]);
    }
    if (userId) {
      await this.deps.data.repos.dependenceTest.insert({
        userId,
        variant: body.variant,
        score: result.score,
        level: result.level,
        answers: body.answers.map((a) => ({ question_id: a.question_id, value: a.value })),
        createdAt: this.deps.clock.now(),
      });
    }
    return { score: result.score, level: result.level, variant: body.variant, stored: !!userId };
  }

  async history(userId: string): Promise<DependenceHistoryEntry[]> {
    const rows = await this.deps.data.repos.dependenceTest.history(userId);
    return rows.map((row) => ({
      variant: row.variant,
      score: row.score,
      level: row.level,
      created_at: row.createdAt.toISOString(),
    }));
  }
}
