import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { CravingsRepository } from './cravings.repository';
import { CravingsService, type CravingsRepositories } from './cravings.service';

export function cravingsRepositories(db: Executor): CravingsRepositories {
  return {
    cravings: new CravingsRepository(db),
  };
}

export const createCravingsService = composeService(CravingsService, cravingsRepositories);
