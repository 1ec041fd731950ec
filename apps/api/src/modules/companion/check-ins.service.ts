import type { CheckIn, CheckInRequest } from '@exhale/contract/check-ins';
import { addIstDays, istDateStart, istDateString } from '@exhale/contract/ist';
import { Messages } from '@exhale/contract/messages';
import {
  checkInDateAllowed,
  checkInSlipAction,
  checkInSlipAt,
} from '@exhale/contract/quit-progress';
import type { Database } from '../../db/client';
import type { CheckInRow } from '../../db/schema/companion';
import { AppError } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import type { CheckInsRepository } from './check-ins.repository';
import type { QuitPlanRepository } from './quit-plan.repository';
import { noQuitPlan } from './quit-plan.service';

export function toCheckIn(row: CheckInRow): CheckIn {
  return {
    date: row.date,
    used: row.used,
    units: row.units,
    mood: row.mood,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The repositories CheckInsService uses, on the pool or a transaction (its module file builds them). */
export interface CheckInsRepositories {
  checkIns: CheckInsRepository;
  quitPlan: QuitPlanRepository;
}

/** The daily check-in and the slip a 'used' answer records (API.md "Check-ins"). */
export class CheckInsService {
  constructor(
    private readonly deps: { db: Database; data: DataAccess<CheckInsRepositories>; clock: Clock },
  ) {}

  async put(userId: string, date: string, body: CheckInRequest): Promise<CheckIn> {
    const now = this.deps.clock.now();
    // A check-in belongs to a quit plan, as every other companion record does.
    if (!(await this.deps.data.repos.quitPlan.findByUser(userId))) throw noQuitPlan();
    if (!checkInDateAllowed(date, istDateString(now))) {
      throw new AppError(
        409,
        Messages.CHECK_IN_DATE_INVALID.code,
        Messages.CHECK_IN_DATE_INVALID.message,
      );
    }
    const units = body.used ? (body.units ?? 1) : null;
    return this.deps.db.transaction(async (tx) => {
      const repository = this.deps.data.within(tx).checkIns;
      const loggedSlips = await repository.loggedSlips(
        userId,
        istDateStart(date),
        istDateStart(addIstDays(date, 1)),
      );
      // 'Not used' on a day the log has a slip of the member's own contradicts it (decision 080).
      if (!body.used && loggedSlips > 0) {
        throw new AppError(
          409,
          Messages.CHECK_IN_CONTRADICTS_LOG.code,
          Messages.CHECK_IN_CONTRADICTS_LOG.message,
        );
      }
      const row = await repository.upsert(
        userId,
        { date, used: body.used, units, mood: body.mood },
        now,
      );
      const action = checkInSlipAction({
        used: body.used,
        units: body.units,
        loggedSlips,
        checkInSlip: await repository.checkInSlip(userId, date),
      });
      if (action.kind === 'add') {
        await repository.addCheckInSlip(userId, date, checkInSlipAt(date, now), action.units, now);
      } else if (action.kind === 'update') {
        await repository.updateCheckInSlip(userId, date, action.units);
      } else if (action.kind === 'remove') {
        await repository.removeCheckInSlip(userId, date);
      }
      return toCheckIn(row);
    });
  }

  async list(userId: string, range: { from?: string; to?: string }): Promise<CheckIn[]> {
    return (await this.deps.data.repos.checkIns.list(userId, range)).map(toCheckIn);
  }
}
