import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { FollowUpsRepository } from './follow-ups.repository';
import { QuitPlanRepository } from './quit-plan.repository';
import { FollowUpsService, type FollowUpsRepositories } from './follow-ups.service';

export function followUpsRepositories(db: Executor): FollowUpsRepositories {
  return {
    quitPlan: new QuitPlanRepository(db),
    followUps: new FollowUpsRepository(db),
  };
}

export const createFollowUpsService = composeService(FollowUpsService, followUpsRepositories);
