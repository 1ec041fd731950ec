import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { DependenceTestRepository } from './dependence-test.repository';
import { DependenceTestService, type DependenceTestRepositories } from './dependence-test.service';

export function dependenceTestRepositories(db: Executor): DependenceTestRepositories {
  return {
    dependenceTest: new DependenceTestRepository(db),
  };
}

export const createDependenceTestService = composeService(
  DependenceTestService,
  dependenceTestRepositories,
);
