import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { CheckInsRepository } from './check-ins.repository';
import { CheckInsService, type CheckInsRepositories } from './check-ins.service';

export function checkInsRepositories(db: Executor): CheckInsRepositories {
  return {
    checkIns: new CheckInsRepository(db),
  };
}

export function createCheckInsService(
  deps: Omit<ConstructorParameters<typeof CheckInsService>[0], 'data'>,
): CheckInsService {
  return new CheckInsService({ ...deps, data: dataAccess(deps.db, checkInsRepositories) });
}
