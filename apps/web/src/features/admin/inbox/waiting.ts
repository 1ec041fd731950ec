const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/** How long a member has waited for an answer, in the largest units that read at a glance. */
export type WaitingSpan =
  | { unit: 'justNow' }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'days'; days: number; hours: number };

/** A number of minutes in the largest units that read at a glance ('just now' under one). */
export function minutesSpan(minutes: number): WaitingSpan {
  const total = Math.floor(minutes);
  if (!Number.isFinite(total) || total < 1) return { unit: 'justNow' };
  if (total < HOUR_MINUTES) return { unit: 'minutes', minutes: total };
  if (total < DAY_MINUTES) {
    return {
      unit: 'hours',
      hours: Math.floor(total / HOUR_MINUTES),
      minutes: total % HOUR_MINUTES,
    };
  }
  return {
    unit: 'days',
    days: Math.floor(total / DAY_MINUTES),
    hours: Math.floor((total % DAY_MINUTES) / HOUR_MINUTES),
  };
}

/**
 * The wait since `since` at `now`: under a minute is 'just now' (a clock a little ahead of the
 * server's too), then minutes, hours and minutes, and from a day on days and hours.
 */
export function waitingSpan(since: string, now: number): WaitingSpan {
  return minutesSpan((now - Date.parse(since)) / MINUTE_MS);
}

/**
 * Whether a wait is past what the team promises (issue 45): a day for any conversation, an hour
 * for an urgent one. The list marks these; the server's alert to the admins counts coach hours.
 */
export function isOverdue(since: string, urgent: boolean, now: number): boolean {
  const minutes = (now - Date.parse(since)) / MINUTE_MS;
  return minutes > (urgent ? HOUR_MINUTES : DAY_MINUTES);
}
