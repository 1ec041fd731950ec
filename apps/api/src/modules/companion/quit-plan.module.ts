import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { QuitPlanRepository } from './quit-plan.repository';
import { QuitPlanService, type QuitPlanRepositories } from './quit-plan.service';

export function quitPlanRepositories(db: Executor): QuitPlanRepositories {
  return {
    quitPlan: new QuitPlanRepository(db),
  };
}

export const createQuitPlanService = composeService(QuitPlanService, quitPlanRepositories);
