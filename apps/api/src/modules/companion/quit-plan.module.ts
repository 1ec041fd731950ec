import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { QuitPlanRepository } from './quit-plan.repository';
import { QuitPlanService, type QuitPlanRepositories } from './quit-plan.service';

export function quitPlanRepositories(db: Executor): QuitPlanRepositories {
  return {
    quitPlan: new QuitPlanRepository(db),
  };
}

export function createQuitPlanService(
  deps: Omit<ConstructorParameters<typeof QuitPlanService>[0], 'data'>,
): QuitPlanService {
  return new QuitPlanService({ ...deps, data: dataAccess(deps.db, quitPlanRepositories) });
}
