import { Messages } from '@exhale/contract/messages';
import { validateExerciseAnswers, type ExerciseSubmitRequest } from '@exhale/contract/programme';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { uniqueViolation } from '../../lib/pg-errors';
import type { QuestionsRepository } from '../questions/questions.repository';
import type { UsersRepository } from '../users/users.repository';
import { requireExerciseAccess } from './exercise-access';
import type { ExercisesRepository } from './exercises.repository';

export interface AnsweredExercise {
  exercise: string;
  created_at: string;
}

const alreadySubmitted = () =>
  new AppError(
    409,
    Messages.EXERCISE_ALREADY_SUBMITTED.code,
    Messages.EXERCISE_ALREADY_SUBMITTED.message,
  );

/** The repositories ExercisesService uses, on the pool or a transaction (its module file builds them). */
export interface ExercisesRepositories {
  exercises: ExercisesRepository;
  users: UsersRepository;
  questions: QuestionsRepository;
}

/** In-video and page exercises: one submission per user and route, every question answered. */
export class ExercisesService {
  constructor(private readonly deps: { db: Database; data: DataAccess<ExercisesRepositories> }) {}

  async listAnswered(userId: string): Promise<AnsweredExercise[]> {
    const rows = await this.deps.data.repos.exercises.listAnswered(userId);
    return rows.map((row) => ({ exercise: row.route, created_at: row.createdAt.toISOString() }));
  }

  /**
   * POST /user-exercise; refused with 'Please Take Test' before the first SIM test, and for a
   * premium-only exercise without premium.
   */
  async submit(userId: string, body: ExerciseSubmitRequest): Promise<AnsweredExercise> {
    const { db } = this.deps;
    const user = await this.deps.data.within(db).users.findById(userId);
    if (!user) throw notFound();
    await requireExerciseAccess(db, user, body.exercise);
    const questions = await this.deps.data.within(db).questions.listByRoute(body.exercise);
    if (questions.length === 0) {
      throw new AppError(
        404,
        Messages.EXERCISE_NOT_FOUND.code,
        Messages.EXERCISE_NOT_FOUND.message,
      );
    }
    const exercises = this.deps.data.within(db).exercises;
    if (await exercises.isAnswered(userId, body.exercise)) throw alreadySubmitted();

    const result = validateExerciseAnswers(
      questions.map((row) => ({
        _id: row.id,
        question_type: row.questionType,
        options: row.options,
      })),
      body.answers,
    );
    if (!result.ok) {
      const entry =
        result.reason === 'unanswered_question'
          ? Messages.EXERCISE_INCOMPLETE
          : Messages.EXERCISE_ANSWER_INVALID;
      throw new AppError(400, entry.code, entry.message, [
        { path: 'answers', message: `${result.reason}: ${result.questionId}` },
      ]);
    }

    try {
      const row = await exercises.insert({
        userId,
        route: body.exercise,
        answers: result.answers,
      });
      return { exercise: row.route, created_at: row.createdAt.toISOString() };
    } catch (error) {
      // Two tabs submitting at once: the unique (user, route) index lets only one through.
      if (uniqueViolation(error) === 'user_exercises_user_route_key') throw alreadySubmitted();
      throw error;
    }
  }
}
