import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { UsersRepository } from '../users/users.repository';
import { QuestionsRepository } from './questions.repository';
import { QuestionsService, type QuestionsRepositories } from './questions.service';

export function questionsRepositories(db: Executor): QuestionsRepositories {
  return { questions: new QuestionsRepository(db), users: new UsersRepository(db) };
}

export const createQuestionsService = composeService(QuestionsService, questionsRepositories);
