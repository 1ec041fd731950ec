import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { CheckInsRepository } from './check-ins.repository';
import { QuitPlanRepository } from './quit-plan.repository';
import { CheckInsService, type CheckInsRepositories } from './check-ins.service';

export function checkInsRepositories(db: Executor): CheckInsRepositories {
  return {
    checkIns: new CheckInsRepository(db),
    quitPlan: new QuitPlanRepository(db),
  };
}

export const createCheckInsService = composeService(CheckInsService, checkInsRepositories);
