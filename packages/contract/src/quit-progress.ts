// Quit companion rules (API.md "Quit companion", "Rules"): counting, streaks, milestones, the
// quit-date, craving-time and check-in windows. Used by the server only; the web shows what the
// server computes. Every "day" is an IST calendar day (ist.ts).
import {
  IST_OFFSET_MINUTES,
  MS_PER_DAY,
  istDateDayNumber,
  istDateStart,
  istDayNumber,
} from './ist';
import { paiseToRupees } from './money';
import {
  MILESTONES,
  QUIT_PLAN_LIMITS,
  type Milestone,
  type NextMilestone,
  type QuitProgress,
  type TobaccoType,
} from './quit-plan';

const MS_PER_MINUTE = 60_000;

/** One tobacco of a plan, money in paise. */
export interface PlanTobacco {
  type: TobaccoType;
  per_day: number;
  cost_per_day_paise: number;
}

/** What one unit costs in the money count: cost per day / units per day, floored to the paisa. */
export function unitCostPaise(tobacco: Pick<PlanTobacco, 'per_day' | 'cost_per_day_paise'>) {
  if (!Number.isSafeInteger(tobacco.per_day) || tobacco.per_day < 1) {
    throw new RangeError(`per_day must be a positive integer, got ${tobacco.per_day}`);
  }
  return Math.floor(tobacco.cost_per_day_paise / tobacco.per_day);
}

/** A quit date may be from today − 365 to today + 30 (both included). */
export function quitDateWithinWindow(quitDate: string, today: string): boolean {
  const offset = istDateDayNumber(quitDate) - istDateDayNumber(today);
  return (
    offset >= -QUIT_PLAN_LIMITS.quitDateDaysBack && offset <= QUIT_PLAN_LIMITS.quitDateDaysAhead
  );
}

/** How far ahead of the server's clock a client's `at` may be (decision 031). */
export const CLOCK_SKEW_ALLOWANCE_MS = 5 * MS_PER_MINUTE;
export const CRAVING_AT_MAX_DAYS_BACK = 7;

/** `at` of a craving: within the last 7 days and not in the future (a few minutes of skew). */
export function cravingTimeAllowed(at: Date, now: Date): boolean {
  const t = at.getTime();
  return (
    t <= now.getTime() + CLOCK_SKEW_ALLOWANCE_MS &&
    t >= now.getTime() - CRAVING_AT_MAX_DAYS_BACK * MS_PER_DAY
  );
}

/** A check-in is for today or yesterday (IST). */
export function checkInDateAllowed(date: string, today: string): boolean {
  const offset = istDateDayNumber(today) - istDateDayNumber(date);
  return offset === 0 || offset === 1;
}

/** The hour of the IST day at which a check-in's 'used' slip is recorded. */
export const CHECK_IN_SLIP_IST_HOUR = 21;

/**
 * When a check-in's slip is recorded: 21:00 IST on `date`, or `now` when that is earlier (today's
 * check-in before 21:00), so a slip is never stored in the future.
 */
export function checkInSlipAt(date: string, now: Date): Date {
  const nominal = istDateStart(date).getTime() + CHECK_IN_SLIP_IST_HOUR * 60 * MS_PER_MINUTE;
  return new Date(Math.min(nominal, now.getTime()));
}

/**
 * What a check-in does to the log (API.md "Check-ins"): 'used' on a date without a slip adds a
 * slip of `units` (default 1); 'not used' removes the slip an earlier check-in of that date added.
 * A slip the member logged themselves is never touched.
 */
export function checkInSlipAction(input: {
  used: boolean;
  units?: number | undefined;
  /** Slips of that date logged through the craving form. */
  loggedSlips: number;
  /** The slip an earlier check-in of that date added, if any. */
  checkInSlip: { units: number } | null;
}): { kind: 'none' } | { kind: 'add' | 'update'; units: number } | { kind: 'remove' } {
  if (!input.used) return input.checkInSlip ? { kind: 'remove' } : { kind: 'none' };
  const units = input.units ?? 1;
  if (input.checkInSlip) {
    // A logged slip now covers the day: the check-in's own one would count the day twice.
    if (input.loggedSlips > 0) return { kind: 'remove' };
    return input.checkInSlip.units === units ? { kind: 'none' } : { kind: 'update', units };
  }
  return input.loggedSlips > 0 ? { kind: 'none' } : { kind: 'add', units };
}

/** A slip as the log holds it. */
export interface SlipEntry {
  at: Date;
  units: number;
  tobacco_type: TobaccoType | null;
}

/**
 * The slips since the quit date, reduced to what the progress needs. The server computes the same
 * in SQL (one aggregate query, whatever the log's size); `summariseSlips` is the reference.
 */
export interface SlipAggregate {
  count: number;
  /** Units slipped per tobacco type; a slip without a type is under the plan's first type. */
  unitsByType: Partial<Record<TobaccoType, number>>;
  /** The last slip, or null. A slip later than now (a check-in for tonight) counts as now. */
  lastAt: Date | null;
  /** IST day number of the first slip, or null. */
  firstDay: number | null;
  /** The largest number of IST days between two consecutive slips (0 with fewer than two). */
  maxGapDays: number;
  /**
   * The smoke-free runs a slip ended (the first from 00:00 IST of the quit date) that lasted
   * longer than every run before them, oldest first, in epoch ms: when each milestone was first
   * reached before the current run (`recordRuns` below; decision 080).
   */
  recordRuns: readonly SmokeFreeRun[];
}

/** A smoke-free run from `start` to the slip that ended it at `end`, in epoch ms. */
export interface SmokeFreeRun {
  start: number;
  end: number;
}

/**
 * The runs of `ends` (slip times, ascending, ms) from `start` that each lasted longer than every
 * run before them. A milestone of length d was first reached in the first of these lasting d.
 */
export function recordRuns(start: number, ends: readonly number[]): SmokeFreeRun[] {
  const records: SmokeFreeRun[] = [];
  let longest = 0;
  let from = start;
  for (const end of ends) {
    if (end - from > longest) {
      longest = end - from;
      records.push({ start: from, end });
    }
    from = end;
  }
  return records;
}

/** The IST day number of an instant, as SQL computes it: floor((epoch + 5:30) / 1 day). */
export const IST_OFFSET_SECONDS = IST_OFFSET_MINUTES * 60;

export function summariseSlips(
  slips: readonly SlipEntry[],
  options: { quitDate: string; now: Date; firstType: TobaccoType },
): SlipAggregate {
  const start = istDateStart(options.quitDate).getTime();
  const counted = slips
    .filter((slip) => slip.at.getTime() >= start)
    .map((slip) => ({
      ...slip,
      at: new Date(Math.min(slip.at.getTime(), options.now.getTime())),
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const unitsByType: Partial<Record<TobaccoType, number>> = {};
  let maxGapDays = 0;
  counted.forEach((slip, index) => {
    const type = slip.tobacco_type ?? options.firstType;
    unitsByType[type] = (unitsByType[type] ?? 0) + slip.units;
    if (index > 0) {
      const gap = istDayNumber(slip.at) - istDayNumber(counted[index - 1]!.at);
      maxGapDays = Math.max(maxGapDays, gap);
    }
  });
  const first = counted[0];
  const last = counted[counted.length - 1];
  return {
    count: counted.length,
    unitsByType,
    lastAt: last ? last.at : null,
    firstDay: first ? istDayNumber(first.at) : null,
    maxGapDays,
    recordRuns: recordRuns(
      start,
      counted.map((slip) => slip.at.getTime()),
    ),
  };
}

/** The milestone table in the units the progress uses, worked out once. */
const MILESTONE_STEPS = MILESTONES.map((m) => ({
  key: m.key,
  after_hours: m.after_minutes / 60,
  afterMs: m.after_minutes * MS_PER_MINUTE,
}));

/**
 * GET /quit-plan/progress (API.md "Counting", "Streaks", "Milestones"). Before the quit date
 * `started` is false and every count is 0. A slip restarts the current run and the way to the next
 * milestone, but never the units and money already counted, the longest streak, or when a
 * milestone was first reached (`first_reached_at`, from an earlier run if one lasted long enough).
 */
export function computeProgress(input: {
  quitDate: string;
  tobacco: readonly PlanTobacco[];
  now: Date;
  slips: SlipAggregate;
}): QuitProgress {
  const { quitDate, tobacco, now, slips } = input;
  if (tobacco.length === 0) throw new RangeError('a plan has at least one tobacco');
  const nowMs = now.getTime();
  const todayDay = istDayNumber(now);
  const quitDay = istDateDayNumber(quitDate);
  const today = new Date(todayDay * MS_PER_DAY).toISOString().slice(0, 10);
  const started = todayDay >= quitDay;
  if (!started) {
    return {
      quit_date: quitDate,
      today,
      started: false,
      elapsed_days: 0,
      smoke_free_since: null,
      days_smoke_free: 0,
      longest_streak_days: 0,
      not_used: 0,
      money_saved: 0,
      money_saved_paise: 0,
      slips: 0,
      milestones: MILESTONE_STEPS.map((m) => ({
        key: m.key,
        after_hours: m.after_hours,
        reached: false,
        reached_at: null,
        first_reached_at: null,
      })),
      next_milestone: null,
    };
  }

  const elapsedDays = todayDay - quitDay;
  const firstUnitCost = unitCostPaise(tobacco[0]!);
  const unitCostOf = (type: TobaccoType) => {
    // A type the plan no longer lists is priced like the plan's first type.
    const listed = tobacco.find((t) => t.type === type);
    return listed ? unitCostPaise(listed) : firstUnitCost;
  };

  let unitsSlipped = 0;
  let slippedPaise = 0;
  for (const type in slips.unitsByType) {
    const units = slips.unitsByType[type as TobaccoType]!;
    unitsSlipped += units;
    slippedPaise += units * unitCostOf(type as TobaccoType);
  }
  let perDay = 0;
  let costPerDay = 0;
  for (const t of tobacco) {
    perDay += t.per_day;
    costPerDay += t.cost_per_day_paise;
  }
  const notUsed = Math.max(0, perDay * elapsedDays - unitsSlipped);
  const moneySavedPaise = Math.max(0, costPerDay * elapsedDays - slippedPaise);

  const quitStartMs = quitDay * MS_PER_DAY - IST_OFFSET_MINUTES * MS_PER_MINUTE; // 00:00 IST
  const sinceMs =
    slips.lastAt && slips.lastAt.getTime() > quitStartMs ? slips.lastAt.getTime() : quitStartMs;
  const since = new Date(sinceMs);
  const daysSmokeFree = todayDay - istDayNumber(since);
  const longest =
    slips.count === 0 || slips.firstDay === null
      ? daysSmokeFree
      : Math.max(slips.firstDay - quitDay, slips.maxGapDays, daysSmokeFree);

  const milestones: Milestone[] = [];
  let nextMilestone: NextMilestone | null = null;
  for (const m of MILESTONE_STEPS) {
    const at = sinceMs + m.afterMs;
    const reached = at <= nowMs;
    const earlier = slips.recordRuns.find((run) => run.end - run.start >= m.afterMs);
    const firstAt = earlier ? earlier.start + m.afterMs : reached ? at : null;
    milestones.push({
      key: m.key,
      after_hours: m.after_hours,
      reached,
      reached_at: reached ? new Date(at).toISOString() : null,
      first_reached_at: firstAt === null ? null : new Date(firstAt).toISOString(),
    });
    if (!reached && nextMilestone === null) {
      nextMilestone = {
        key: m.key,
        after_hours: m.after_hours,
        due_at: new Date(at).toISOString(),
        progress: Math.min(1, Math.max(0, (nowMs - sinceMs) / m.afterMs)),
      };
    }
  }

  return {
    quit_date: quitDate,
    today,
    started: true,
    elapsed_days: elapsedDays,
    smoke_free_since: since.toISOString(),
    days_smoke_free: daysSmokeFree,
    longest_streak_days: longest,
    not_used: notUsed,
    money_saved: paiseToRupees(moneySavedPaise),
    money_saved_paise: moneySavedPaise,
    slips: slips.count,
    milestones,
    next_milestone: nextMilestone,
  };
}
