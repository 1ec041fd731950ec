import {
  FOLLOW_UP_WEEKS,
  followUpDueOn,
  followUpOpenSince,
  outcomeRates,
  type FollowUp,
  type FollowUpWeek,
  type OutcomeCohort,
} from '@exhale/contract/follow-ups';
import { istDateString } from '@exhale/contract/ist';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import type { FollowUpRow } from '../../db/schema/companion';
import { AppError } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import type { FollowUpsRepository, OutcomeGrouping } from './follow-ups.repository';
import type { QuitPlanRepository } from './quit-plan.repository';
import { noQuitPlan } from './quit-plan.service';

const notOpen = () =>
  new AppError(409, Messages.FOLLOW_UP_NOT_OPEN.code, Messages.FOLLOW_UP_NOT_OPEN.message);

/** The plan's current series: its quit date and the IST date that quit date was set on. */
interface Series {
  quitDate: string;
  setOn: string;
}

function seriesOf(plan: { quitDate: string; quitDateSetAt: Date }): Series {
  return { quitDate: plan.quitDate, setOn: istDateString(plan.quitDateSetAt) };
}

function toFollowUp(
  week: FollowUpWeek,
  series: Series,
  today: string,
  answer: FollowUpRow | undefined,
): FollowUp {
  const dueOn = followUpDueOn(series.quitDate, week);
  return {
    week,
    due_on: dueOn,
    open: followUpOpenSince(dueOn, today, series.setOn),
    answered_at: answer ? answer.answeredAt.toISOString() : null,
    smoked_last_7_days: answer ? answer.smokedLast7Days : null,
  };
}

/** The repositories FollowUpsService uses, on the pool or a transaction (its module file builds them). */
export interface FollowUpsRepositories {
  quitPlan: QuitPlanRepository;
  followUps: FollowUpsRepository;
}

/**
 * Follow-ups at weeks 4, 12 and 26 (Russell Standard) and the operator's outcome rates. Answers
 * belong to the quit date they were due for: a new quit date starts a new series, and one set in
 * the past opens no follow-up that was due before it was set.
 */
export class FollowUpsService {
  constructor(
    private readonly deps: { db: Database; data: DataAccess<FollowUpsRepositories>; clock: Clock },
  ) {}

  private async planOf(userId: string) {
    const plan = await this.deps.data.repos.quitPlan.findByUser(userId);
    if (!plan) throw noQuitPlan();
    return plan;
  }

  async list(userId: string): Promise<FollowUp[]> {
    const plan = await this.planOf(userId);
    const today = istDateString(this.deps.clock.now());
    const answers = await this.deps.data.repos.followUps.forSeries(userId, plan.quitDate);
    return FOLLOW_UP_WEEKS.map((week) =>
      toFollowUp(
        week,
        seriesOf(plan),
        today,
        answers.find((a) => a.week === week),
      ),
    );
  }

  /**
   * 409 before `due_on`, from 28 days after it, and when it was due before the quit date was
   * set; within the window a new answer replaces. The answer is stored with the quit date.
   */
  async answer(userId: string, week: FollowUpWeek, smokedLast7Days: boolean): Promise<FollowUp> {
    const plan = await this.planOf(userId);
    const series = seriesOf(plan);
    const now = this.deps.clock.now();
    const today = istDateString(now);
    if (!followUpOpenSince(followUpDueOn(series.quitDate, week), today, series.setOn)) {
      throw notOpen();
    }
    const row = await this.deps.data.repos.followUps.answer(
      { userId, quitDate: series.quitDate, week },
      smokedLast7Days,
      now,
    );
    return toFollowUp(week, series, today, row);
  }

  /** By month of the quit date, or (`coach`) as 'with_coach' and 'without_coach' cohorts. */
  async outcomes(by: OutcomeGrouping = 'month'): Promise<OutcomeCohort[]> {
    const today = istDateString(this.deps.clock.now());
    const rows = await this.deps.data.repos.followUps.outcomes(today, by);
    return rows.map((row) => ({
      cohort: row.cohort,
      members: row.members,
      week4: outcomeRates({ due: row.due4, answered: row.answered4, abstinent: row.abstinent4 }),
      week12: outcomeRates({
        due: row.due12,
        answered: row.answered12,
        abstinent: row.abstinent12,
      }),
      week26: outcomeRates({
        due: row.due26,
        answered: row.answered26,
        abstinent: row.abstinent26,
      }),
    }));
  }
}
