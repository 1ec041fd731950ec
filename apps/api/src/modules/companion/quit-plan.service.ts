import { istDateString } from '@exhale/contract/ist';
import { Messages } from '@exhale/contract/messages';
import { paiseToRupees, rupeesToPaise } from '@exhale/contract/money';
import type { QuitPlan, QuitPlanRequest, QuitProgress } from '@exhale/contract/quit-plan';
import {
  computeProgress,
  type SlipAggregate,
  quitDateWithinWindow,
  unitCostPaise,
} from '@exhale/contract/quit-progress';
import type { Database } from '../../db/client';
import type { QuitPlanRow } from '../../db/schema/companion';
import { AppError, sessionRevoked } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import { validationError } from '../../lib/validation';
import type { SessionScope } from '../../plugins/auth';
import type { QuitPlanReads, QuitPlanRepository } from './quit-plan.repository';

export const noQuitPlan = () =>
  new AppError(404, Messages.NO_QUIT_PLAN.code, Messages.NO_QUIT_PLAN.message);

export function toQuitPlan(row: QuitPlanRow): QuitPlan {
  return {
    _id: row.id,
    quit_date: row.quitDate,
    tobacco: row.tobacco.map((t) => ({
      type: t.type,
      per_day: t.per_day,
      cost_per_day: paiseToRupees(t.cost_per_day_paise),
      cost_per_day_paise: t.cost_per_day_paise,
      unit_cost_paise: unitCostPaise(t),
    })),
    reasons: row.reasons,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The progress of `plan` at `now`, from its slips. */
function progressOf(plan: QuitPlanRow, slips: SlipAggregate, now: Date): QuitProgress {
  return computeProgress({ quitDate: plan.quitDate, tobacco: plan.tobacco, now, slips });
}

/**
 * The member's plan and its progress at `now`, or undefined without a plan (the console's member
 * page, the coach inbox). `quit-plan.module.ts` gives it the repository.
 */
export async function planAndProgress(
  quitPlan: Pick<QuitPlanRepository, 'planWithSlips'>,
  userId: string,
  now: Date,
): Promise<{ plan: QuitPlanRow; progress: QuitProgress } | undefined> {
  const found = await quitPlan.planWithSlips(userId, now);
  if (!found) return undefined;
  return { plan: found.plan, progress: progressOf(found.plan, found.slips, now) };
}

/** Each member's progress at `now`, for those of `userIds` with a plan (the programme's figures). */
export async function progressOfMembers(
  quitPlan: Pick<QuitPlanRepository, 'plansWithSlips'>,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, QuitProgress>> {
  const found = await quitPlan.plansWithSlips(userIds, now);
  return new Map(
    [...found].map(([userId, { plan, slips }]) => [userId, progressOf(plan, slips, now)]),
  );
}

/** The repositories QuitPlanService uses, on the pool or a transaction (its module file builds them). */
export interface QuitPlanRepositories {
  quitPlan: Pick<QuitPlanRepository, 'findByUser' | 'upsert' | 'slipsOf'>;
}

/** The caller's quit plan and the progress the server computes from it (API.md "Quit companion"). */
export class QuitPlanService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<QuitPlanRepositories>;
      /** The progress's read on the pool, which is also the request's session check. */
      reads: Pick<QuitPlanReads, 'planForSession'>;
      clock: Clock;
    },
  ) {}

  async get(userId: string): Promise<QuitPlan | null> {
    const row = await this.deps.data.repos.quitPlan.findByUser(userId);
    return row ? toQuitPlan(row) : null;
  }

  async save(userId: string, body: QuitPlanRequest): Promise<QuitPlan> {
    const now = this.deps.clock.now();
    if (!quitDateWithinWindow(body.quit_date, istDateString(now))) {
      throw validationError([{ path: 'quit_date', message: Messages.QUIT_DATE_INVALID.message }]);
    }
    const row = await this.deps.data.repos.quitPlan.upsert(
      userId,
      {
        quitDate: body.quit_date,
        tobacco: body.tobacco.map((t) => ({
          type: t.type,
          per_day: t.per_day,
          cost_per_day_paise: rupeesToPaise(t.cost_per_day),
        })),
        reasons: body.reasons ?? [],
      },
      now,
    );
    return toQuitPlan(row);
  }

  /**
   * The progress behind `authenticateInQuery`: the session check and the plan, with the slip
   * summary the database keeps on it, are one prepared statement reading one row (the busiest
   * read of the companion: the dashboard card). Only while the member's latest slip lies ahead
   * of now (a 'used' check-in for tonight) is the log read again, to count that slip as now.
   */
  async progressForSession(scope: SessionScope): Promise<QuitProgress> {
    const now = this.deps.clock.now();
    const read = await this.deps.reads.planForSession(scope.userId, scope.sessionId);
    if (!read.live) throw sessionRevoked();
    const { plan } = read;
    if (!plan) throw noQuitPlan();
    return progressOf(plan, await this.deps.data.repos.quitPlan.slipsOf(plan, now), now);
  }
}
