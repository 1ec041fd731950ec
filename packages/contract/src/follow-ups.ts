// Quit companion: follow-ups at weeks 4, 12 and 26 and the operator's outcome rates, as the
// Russell Standard reports them (West, Hajek, Stead & Stapleton, Addiction 2005;100:299–303).
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { addIstDays, istDateDayNumber } from './ist';
import { Messages } from './messages';

export const FOLLOW_UP_WEEKS = [4, 12, 26] as const;
export type FollowUpWeek = (typeof FOLLOW_UP_WEEKS)[number];

/** A follow-up can be answered from its `due_on` for this many days (due_on … due_on + 27). */
export const FOLLOW_UP_OPEN_DAYS = 28;

/** The question every follow-up asks. */
export const FOLLOW_UP_QUESTION = 'Have you smoked at all in the last 7 days?';

export function isFollowUpWeek(week: number): week is FollowUpWeek {
  return (FOLLOW_UP_WEEKS as readonly number[]).includes(week);
}

/** `quit_date + 7 × week` days. */
export function followUpDueOn(quitDate: string, week: FollowUpWeek): string {
  return addIstDays(quitDate, 7 * week);
}

/** Open from `due_on` (inclusive) for 28 days; closed before and from `due_on + 28` on. */
export function followUpOpen(dueOn: string, today: string): boolean {
  const offset = istDateDayNumber(today) - istDateDayNumber(dueOn);
  return offset >= 0 && offset < FOLLOW_UP_OPEN_DAYS;
}

/**
 * Open for a quit date set on `setOn` (IST date): as `followUpOpen`, but a follow-up due before
 * the quit date was set never opens, so a quit date set in the past cannot be followed up at once.
 */
export function followUpOpenSince(dueOn: string, today: string, setOn: string): boolean {
  return istDateDayNumber(dueOn) >= istDateDayNumber(setOn) && followUpOpen(dueOn, today);
}

/** Due (counted in the outcomes) once `due_on` has come. */
export function followUpDue(dueOn: string, today: string): boolean {
  return istDateDayNumber(today) >= istDateDayNumber(dueOn);
}

export interface OutcomeCounts {
  due: number;
  answered: number;
  abstinent: number;
}

export interface OutcomeRates extends OutcomeCounts {
  /** abstinent / answered; null when nobody answered. */
  rate_responders: number | null;
  /** abstinent / due, non-responders counted as smoking; null when nothing is due yet. */
  rate_all: number | null;
}

const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? null : Math.round((numerator / denominator) * 10_000) / 10_000;

/** The Russell Standard's two rates, as fractions 0–1 rounded to 4 decimals. */
export function outcomeRates(counts: OutcomeCounts): OutcomeRates {
  return {
    ...counts,
    rate_responders: ratio(counts.abstinent, counts.answered),
    rate_all: ratio(counts.abstinent, counts.due),
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP schemas
// ---------------------------------------------------------------------------------------------

export const followUpWeekParamsSchema = z.object({
  week: z.coerce
    .number({ error: Messages.FOLLOW_UP_WEEK_INVALID.message })
    .int({ error: Messages.FOLLOW_UP_WEEK_INVALID.message })
    .refine(isFollowUpWeek, { error: Messages.FOLLOW_UP_WEEK_INVALID.message }),
});

/** PUT /follow-ups/{week}. */
export const followUpAnswerRequestSchema = z.object({
  smoked_last_7_days: z.boolean({ error: Messages.VALIDATION_ERROR.message }),
});
export type FollowUpAnswerRequest = z.infer<typeof followUpAnswerRequestSchema>;

export const followUpSchema = z.object({
  week: z.number().int(),
  due_on: z.string(),
  open: z.boolean(),
  answered_at: z.string().nullable(),
  smoked_last_7_days: z.boolean().nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

export const followUpResponseSchema = successEnvelope(followUpSchema);
export const followUpsResponseSchema = successEnvelope(z.array(followUpSchema));

/** GET /admin/outcomes. */
export const outcomesQuerySchema = z.object({ group: z.enum(['month']).default('month') });

export const outcomeWeekSchema = z.object({
  due: z.number().int(),
  answered: z.number().int(),
  abstinent: z.number().int(),
  rate_responders: z.number().nullable(),
  rate_all: z.number().nullable(),
});

export const outcomeCohortSchema = z.object({
  /** Month of the quit date, 'YYYY-MM'. */
  cohort: z.string(),
  members: z.number().int(),
  week4: outcomeWeekSchema,
  week12: outcomeWeekSchema,
  week26: outcomeWeekSchema,
});
export type OutcomeCohort = z.infer<typeof outcomeCohortSchema>;
export const outcomesResponseSchema = successEnvelope(z.array(outcomeCohortSchema));
