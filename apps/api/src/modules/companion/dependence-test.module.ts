import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { DependenceTestRepository } from './dependence-test.repository';
import { DependenceTestService, type DependenceTestRepositories } from './dependence-test.service';

export function dependenceTestRepositories(db: Executor): DependenceTestRepositories {
  return {
    dependenceTest: new DependenceTestRepository(db),
  };
}

export function createDependenceTestService(
  deps: Omit<ConstructorParameters<typeof DependenceTestService>[0], 'data'>,
): DependenceTestService {
  return new DependenceTestService({
    ...deps,
    data: dataAccess(deps.db, dependenceTestRepositories),
  });
}
