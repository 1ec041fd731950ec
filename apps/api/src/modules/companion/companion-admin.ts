import type { AdminUserDetail } from '@exhale/contract/admin';
import type { Executor } from '../../db/client';
import { CravingsRepository } from './cravings.repository';
import { toCraving } from './cravings.service';
import { QuitPlanRepository } from './quit-plan.repository';
import { progressOf, toQuitPlan } from './quit-plan.service';

/** How many log entries the console's member detail shows. */
export const ADMIN_RECENT_LOG_SIZE = 20;

/** A member's quit plan, progress and latest log entries for the console; null without a plan. */
export async function quitOverview(
  db: Executor,
  userId: string,
  now: Date,
): Promise<AdminUserDetail['quit']> {
  const plan = await new QuitPlanRepository(db).findByUser(userId);
  if (!plan) return null;
  const [progress, recent] = await Promise.all([
    progressOf(db, plan, now),
    new CravingsRepository(db).recent(userId, ADMIN_RECENT_LOG_SIZE),
  ]);
  return { plan: toQuitPlan(plan), progress, recent_log: recent.map(toCraving) };
}
