import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { QuizRepository } from './quiz.repository';
import { QuizService, type QuizRepositories } from './quiz.service';

export function quizRepositories(db: Executor): QuizRepositories {
  return {
    quiz: new QuizRepository(db),
  };
}

export function createQuizService(
  deps: Omit<ConstructorParameters<typeof QuizService>[0], 'data'>,
): QuizService {
  return new QuizService({ ...deps, data: dataAccess(deps.db, quizRepositories) });
}
