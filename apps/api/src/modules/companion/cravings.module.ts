import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { CravingsRepository } from './cravings.repository';
import { CravingsService, type CravingsRepositories } from './cravings.service';

export function cravingsRepositories(db: Executor): CravingsRepositories {
  return {
    cravings: new CravingsRepository(db),
  };
}

export function createCravingsService(
  deps: Omit<ConstructorParameters<typeof CravingsService>[0], 'data'>,
): CravingsService {
  return new CravingsService({ ...deps, data: dataAccess(deps.db, cravingsRepositories) });
}
