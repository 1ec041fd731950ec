import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { QuizRepository } from './quiz.repository';
import { QuizService, type QuizRepositories } from './quiz.service';

export function quizRepositories(db: Executor): QuizRepositories {
  return {
    quiz: new QuizRepository(db),
  };
}

export const createQuizService = composeService(QuizService, quizRepositories);
