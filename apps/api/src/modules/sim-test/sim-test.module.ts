import type { RandomSource } from '@exhale/contract/sim-score';
import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { QuestionsRepository } from '../questions/questions.repository';
import { TestAttemptsRepository } from '../sim/test-attempts.repository';
import { UsersRepository } from '../users/users.repository';
import { SimTestRepository } from './sim-test.repository';
import { SimTestService, type SimTestRepositories } from './sim-test.service';

export function simTestRepositories(db: Executor): SimTestRepositories {
  return {
    simTest: new SimTestRepository(db),
    questions: new QuestionsRepository(db),
    attempts: new TestAttemptsRepository(db),
    users: new UsersRepository(db),
  };
}

export function createSimTestService(deps: { db: Database; random: RandomSource }): SimTestService {
  return new SimTestService({
    data: dataAccess(deps.db, simTestRepositories),
    random: deps.random,
  });
}
