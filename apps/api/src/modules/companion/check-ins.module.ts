import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { CheckInsRepository } from './check-ins.repository';
import { CheckInsService, type CheckInsRepositories } from './check-ins.service';

export function checkInsRepositories(db: Executor): CheckInsRepositories {
  return {
    checkIns: new CheckInsRepository(db),
  };
}

export const createCheckInsService = composeService(CheckInsService, checkInsRepositories);
