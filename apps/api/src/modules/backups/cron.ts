import { IST_OFFSET_MINUTES } from '@exhale/contract/ist';
import { Cron } from 'croner';

/**
 * A five-field cron expression (minute hour day-of-month month day-of-week) read on India's
 * clock, which has no daylight saving: `30 2 * * *` is 02:30 IST every day. Fields take `*`,
 * numbers, ranges `a-b`, steps `*\/n` or `a-b/n`, and lists `a,b`. Day-of-week 0 and 7 are Sunday;
 * when both day fields are restricted, either one may match, as in cron. Read by `croner`.
 */
export interface CronSchedule {
  readonly expression: string;
  matches(date: Date): boolean;
  /** The latest minute at or before `date` that the schedule names (within 8 days). */
  previous(date: Date): Date | undefined;
}

const FIELDS = ['minute', 'hour', 'day of month', 'month', 'day of week'] as const;
const MINUTE_MS = 60_000;
const LOOK_BACK_MS = 8 * 24 * 60 * MINUTE_MS;

const cron = (pattern: string) =>
  new Cron(pattern, { utcOffset: IST_OFFSET_MINUTES, mode: '5-part', domAndDow: false });

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error('cron needs five fields: minute hour day month weekday');
  // Each field read alone first, so that an error names the field.
  parts.forEach((part, i) => {
    const alone = parts.map((_, j) => (j === i ? part : '*')).join(' ');
    try {
      cron(alone);
    } catch {
      throw new Error(`cron ${FIELDS[i]}: cannot read "${part}"`);
    }
  });
  const schedule = cron(parts.join(' '));
  const startOfMinute = (date: Date) =>
    new Date(Math.floor(date.getTime() / MINUTE_MS) * MINUTE_MS);
  const matches = (date: Date) => schedule.match(startOfMinute(date));
  return {
    expression,
    matches,
    previous(date) {
      const minute = startOfMinute(date);
      const found = matches(minute) ? minute : schedule.previousRuns(1, minute)[0];
      return found && date.getTime() - found.getTime() <= LOOK_BACK_MS ? found : undefined;
    },
  };
}
