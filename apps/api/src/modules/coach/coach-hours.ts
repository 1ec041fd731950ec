import { istDateString, istParts } from '@exhale/contract/ist';
import { intlLocale, type LanguageCode } from '@exhale/contract/languages';

/** When coaches answer, on India's clock (decision 089). */
export interface CoachHours {
  /** Minutes after midnight IST, start inclusive, end exclusive. */
  startMinute: number;
  endMinute: number;
  /** Weekdays, 0 for Sunday to 6 for Saturday, in week order from Monday. */
  days: readonly number[];
}

/** COACH_HOURS when unset: 09:00–18:00, Monday to Saturday. */
export const DEFAULT_COACH_HOURS = '09:00-18:00 Mon-Sat';

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** Monday first, as the week is written in India. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

function minuteOf(hhmm: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new Error(`'${hhmm}' is not a time of day (HH:MM)`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function dayOf(name: string): number {
  const day = DAY_NAMES.indexOf(name.slice(0, 3).toLowerCase() as (typeof DAY_NAMES)[number]);
  if (day < 0) throw new Error(`'${name}' is not a day (Mon, Tue, … Sun)`);
  return day;
}

/** The days of `Mon-Sat`, `Sat-Mon` (round the week end) or `Mon,Wed,Fri`, Monday first. */
function daysOf(spec: string): number[] {
  const days = new Set<number>();
  for (const part of spec.split(',')) {
    const [from, to] = part.split('-').map((name) => name.trim());
    if (!from) throw new Error('a day is missing');
    const first = WEEK_ORDER.indexOf(dayOf(from));
    const last = to ? WEEK_ORDER.indexOf(dayOf(to)) : first;
    for (let i = first; ; i = (i + 1) % 7) {
      days.add(WEEK_ORDER[i]!);
      if (i === last) break;
    }
  }
  return WEEK_ORDER.filter((day) => days.has(day));
}

/**
 * `HH:MM-HH:MM Days`, e.g. '09:00-18:00 Mon-Sat' or '10:00-17:00 Mon,Wed,Fri'; throws with the
 * reason for anything else (config.ts lists it among the bad variables).
 */
export function parseCoachHours(value: string): CoachHours {
  const match = /^\s*(\S+)\s*[-–]\s*(\S+)\s+(.+?)\s*$/.exec(value);
  if (!match) throw new Error("write it as 'HH:MM-HH:MM Mon-Sat'");
  const startMinute = minuteOf(match[1]!);
  const endMinute = minuteOf(match[2]!);
  if (endMinute <= startMinute) throw new Error('the end must come after the start');
  return { startMinute, endMinute, days: daysOf(match[3]!) };
}

/** Whether coaches answer at `at`. */
export function inCoachHours(hours: CoachHours, at: Date): boolean {
  const { weekday, hours: h, minutes } = istParts(at);
  const minute = h * 60 + minutes;
  return hours.days.includes(weekday) && minute >= hours.startMinute && minute < hours.endMinute;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A Monday (2024-01-01) and the six days after it, for day names from Intl. */
function weekdayName(day: number, language: LanguageCode): string {
  const date = new Date(Date.UTC(2024, 0, 1 + ((day + 6) % 7), 12));
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', timeZone: 'UTC' }).format(
    date,
  );
}

/** Runs of consecutive days (in week order) as 'Monday–Saturday', others listed. */
function describeDays(days: readonly number[], language: LanguageCode): string {
  const positions = days.map((day) => WEEK_ORDER.indexOf(day));
  const runs: number[][] = [];
  for (const position of positions) {
    const run = runs.at(-1);
    if (run && run.at(-1) === position - 1) run.push(position);
    else runs.push([position]);
  }
  return runs
    .map((run) => {
      const first = weekdayName(WEEK_ORDER[run[0]!]!, language);
      if (run.length === 1) return first;
      return `${first}–${weekdayName(WEEK_ORDER[run.at(-1)!]!, language)}`;
    })
    .join(', ');
}

/** '09:00–18:00, Monday–Saturday' with the day names in the member's language. */
export function describeCoachHours(hours: CoachHours, language: LanguageCode): string {
  return `${hhmm(hours.startMinute)}–${hhmm(hours.endMinute)}, ${describeDays(hours.days, language)}`;
}

/**
 * Whether a member's message gets the 'coaches answer …' acknowledgement: once per IST day, so
 * someone writing ten messages in an evening hears it once (decision 089).
 */
export function acknowledgementDue(acknowledgedOn: string | null, now: Date): boolean {
  return acknowledgedOn !== istDateString(now);
}
