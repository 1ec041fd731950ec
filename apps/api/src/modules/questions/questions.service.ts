import { Messages } from '@exhale/contract/messages';
import type { Question, QuestionQuery } from '@exhale/contract/programme';
import type { Database } from '../../db/client';
import type { QuestionRow } from '../../db/schema/programme';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { requireExerciseAccess } from '../exercises/exercise-access';
import type { DataAccess } from '../../lib/data-access';
import type { UsersRepository } from '../users/users.repository';
import type { QuestionsRepository } from './questions.repository';

/** A SIM statement as the test screen shows it: no ids on the options, nothing to game. */
export function toTestQuestion(row: QuestionRow): Question {
  return {
    _id: row.id,
    question: row.question,
    question_type: row.questionType,
    options: row.options.map((option) => ({ value: option.value, point: option.point })),
  };
}

/** An exercise question: the spec's client reads the route from the first question. */
export function toExerciseQuestion(row: QuestionRow): Question {
  const route = row.route ?? '';
  return {
    _id: row.id,
    id: row.id,
    route,
    question: row.question,
    question_type: row.questionType,
    options: row.options.map((option) => ({
      id: option.id,
      value: option.value,
      point: option.point,
      route,
    })),
  };
}

/** What GET /question reads (questions.module.ts builds them). */
export interface QuestionsRepositories {
  questions: Pick<QuestionsRepository, 'listByEvent' | 'listByRoute'>;
  users: Pick<UsersRepository, 'findById'>;
}

/** GET /question: the SIM test of one event, or one exercise's questions. */
export class QuestionsService {
  constructor(
    private readonly deps: {
      /** The pool the exercise-access rule reads (exercises module). */
      db: Database;
      data: DataAccess<QuestionsRepositories>;
    },
  ) {}

  private get questions() {
    return this.deps.data.repos.questions;
  }

  /** `userId` is the signed-in caller; only the landing page's test (event 0) has none. */
  async list(query: QuestionQuery, userId: string | undefined): Promise<Question[]> {
    const limit = query.limit === undefined || query.limit === 'inf' ? undefined : +query.limit;
    if ((query.event === undefined) === (query.route === undefined)) {
      throw badRequest(Messages.VALIDATION_ERROR.code, Messages.VALIDATION_ERROR.message, [
        { path: 'event', message: 'Send either event or route' },
      ]);
    }
    if (query.event !== undefined) {
      return (await this.questions.listByEvent(Number(query.event), limit)).map(toTestQuestion);
    }
    // An exercise's questions follow the rule for answering it (decision 022).
    const user = userId ? await this.deps.data.repos.users.findById(userId) : undefined;
    if (!user) throw notFound();
    await requireExerciseAccess(this.deps.db, user, query.route!);
    const rows = await this.questions.listByRoute(query.route!, limit);
    // The exercise page sends an unknown route to its not-found screen (spec §2).
    if (rows.length === 0) {
      throw new AppError(
        404,
        Messages.EXERCISE_NOT_FOUND.code,
        Messages.EXERCISE_NOT_FOUND.message,
      );
    }
    return rows.map(toExerciseQuestion);
  }
}
