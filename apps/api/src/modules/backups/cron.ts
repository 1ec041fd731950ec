import { IST_OFFSET_MINUTES } from '@exhale/contract/ist';

/**
 * A five-field cron expression (minute hour day-of-month month day-of-week) read on India's
 * clock, which has no daylight saving: `30 2 * * *` is 02:30 IST every day. Fields take `*`,
 * numbers, ranges `a-b`, steps `*\/n` or `a-b/n`, and lists `a,b`. Day-of-week 0 and 7 are Sunday.
 */
export interface CronSchedule {
  readonly expression: string;
  matches(date: Date): boolean;
  /** The latest minute at or before `date` that the schedule names (within 8 days). */
  previous(date: Date): Date | undefined;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

function parseField(text: string, field: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`cron ${field.name}: cannot read "${part}"`);
    const step = match[4] ? Number(match[4]) : 1;
    let from: number = field.min;
    let to: number = field.max;
    if (match[1] !== '*') {
      from = Number(match[2]);
      to = match[3] !== undefined ? Number(match[3]) : match[4] ? field.max : from;
    }
    if (from < field.min || to > field.max || from > to || step < 1) {
      throw new Error(`cron ${field.name}: "${part}" is outside ${field.min}-${field.max}`);
    }
    for (let v = from; v <= to; v += step) values.add(field.name === 'day of week' ? v % 7 : v);
  }
  return values;
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error('cron needs five fields: minute hour day month weekday');
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]!));
  const anyDay = parts[2] === '*';
  const anyWeekday = parts[4] === '*';
  const matches = (date: Date) => {
    const ist = new Date(date.getTime() + IST_OFFSET_MINUTES * 60_000);
    if (!minutes!.has(ist.getUTCMinutes()) || !hours!.has(ist.getUTCHours())) return false;
    if (!months!.has(ist.getUTCMonth() + 1)) return false;
    const dayOk = days!.has(ist.getUTCDate());
    const weekdayOk = weekdays!.has(ist.getUTCDay());
    // As in cron: when both day fields are restricted, either one may match.
    if (!anyDay && !anyWeekday) return dayOk || weekdayOk;
    return dayOk && weekdayOk;
  };
  return {
    expression,
    matches,
    previous(date) {
      let t = Math.floor(date.getTime() / 60_000) * 60_000;
      for (let i = 0; i < 8 * 24 * 60; i++, t -= 60_000) {
        if (matches(new Date(t))) return new Date(t);
      }
      return undefined;
    },
  };
}
