import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { dataAccess } from '../../lib/data-access';
import { QuitPlanReads, QuitPlanRepository } from './quit-plan.repository';
import {
  planAndProgress as planAndProgressWith,
  progressOfMembers as progressOfMembersWith,
  QuitPlanService,
  type QuitPlanRepositories,
} from './quit-plan.service';

export function quitPlanRepositories(db: Executor): QuitPlanRepositories & {
  quitPlan: QuitPlanRepository;
} {
  return {
    quitPlan: new QuitPlanRepository(db),
  };
}

export function createQuitPlanService(deps: { db: Database; clock: Clock }): QuitPlanService {
  return new QuitPlanService({
    ...deps,
    data: dataAccess(deps.db, quitPlanRepositories),
    reads: new QuitPlanReads(deps.db),
  });
}

/** A member's plan and its progress at `now` on `db` (the pool or a caller's transaction). */
export function planAndProgress(db: Executor, userId: string, now: Date) {
  return planAndProgressWith(quitPlanRepositories(db).quitPlan, userId, now);
}

/** Each member's progress at `now` on `db`, for those of `userIds` with a plan, in one read. */
export function progressOfMembers(db: Executor, userIds: readonly string[], now: Date) {
  return progressOfMembersWith(quitPlanRepositories(db).quitPlan, userIds, now);
}
