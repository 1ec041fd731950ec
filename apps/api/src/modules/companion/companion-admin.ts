import type { AdminUserDetail } from '@exhale/contract/admin';
import type { Executor } from '../../db/client';
import { cravingsRepositories } from './cravings.module';
import { toCraving } from './cravings.service';
import { planAndProgress } from './quit-plan.module';
import { toQuitPlan } from './quit-plan.service';

/** How many log entries the console's member detail shows. */
export const ADMIN_RECENT_LOG_SIZE = 20;

/** A member's quit plan, progress and latest log entries for the console; null without a plan. */
export async function quitOverview(
  db: Executor,
  userId: string,
  now: Date,
): Promise<AdminUserDetail['quit']> {
  const [found, recent] = await Promise.all([
    planAndProgress(db, userId, now),
    cravingsRepositories(db).cravings.recent(userId, ADMIN_RECENT_LOG_SIZE),
  ]);
  if (!found) return null;
  return {
    plan: toQuitPlan(found.plan),
    progress: found.progress,
    recent_log: recent.map(toCraving),
  };
}
