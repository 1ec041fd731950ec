import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { QuestionsRepository } from '../questions/questions.repository';
import { UsersRepository } from '../users/users.repository';
import { ExercisesRepository } from './exercises.repository';
import { ExercisesService, type ExercisesRepositories } from './exercises.service';

export function exercisesRepositories(db: Executor): ExercisesRepositories {
  return {
    exercises: new ExercisesRepository(db),
    users: new UsersRepository(db),
    questions: new QuestionsRepository(db),
  };
}

export const createExercisesService = composeService(ExercisesService, exercisesRepositories);
