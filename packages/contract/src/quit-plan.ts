// Quit companion: the quit plan and the progress the server computes from it (API.md "Quit
// companion"). Dates are IST calendar dates 'YYYY-MM-DD'; amounts are rupees beside `_paise`.
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { isBoundedDateString } from './date-bounds';
import { Messages } from './messages';
import { stripInvisibleCharacters } from './text';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export const TOBACCO_TYPES = ['cigarette', 'bidi', 'gutka', 'khaini', 'other'] as const;
export type TobaccoType = (typeof TOBACCO_TYPES)[number];

/** What one unit of each tobacco is, for the form's labels ('sticks a day', 'packets a day'). */
export const TOBACCO_UNITS = ['stick', 'packet', 'unit'] as const;
export type TobaccoUnit = (typeof TOBACCO_UNITS)[number];

/**
 * The form's defaults (decision 030): typical Indian retail prices per unit, editable by the
 * member. `per_day` is a starting value only; `unit_cost_paise × per_day` fills cost per day.
 */
export const TOBACCO_DEFAULTS: Readonly<
  Record<TobaccoType, { unit: TobaccoUnit; unit_cost_paise: number; per_day: number }>
> = {
  cigarette: { unit: 'stick', unit_cost_paise: 1800, per_day: 10 },
  bidi: { unit: 'stick', unit_cost_paise: 100, per_day: 15 },
  gutka: { unit: 'packet', unit_cost_paise: 1000, per_day: 5 },
  khaini: { unit: 'packet', unit_cost_paise: 1000, per_day: 3 },
  other: { unit: 'unit', unit_cost_paise: 1000, per_day: 5 },
};

/** Smokeless kinds: the FTND-ST, not the FTND, measures their dependence. */
export const SMOKELESS_TOBACCO_TYPES: readonly TobaccoType[] = ['gutka', 'khaini'];

export const QUIT_PLAN_LIMITS = {
  /** The quit date may be up to a year back (already quit) or up to 30 days ahead. */
  quitDateDaysBack: 365,
  quitDateDaysAhead: 30,
  tobaccoMin: 1,
  tobaccoMax: 4,
  perDayMin: 1,
  perDayMax: 200,
  costPerDayMaxRupees: 5000,
  reasonsMax: 5,
  reasonMaxLength: 120,
} as const;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** An IST calendar date 'YYYY-MM-DD' that exists, within the years inputs may name. */
export const istDateSchema = z
  .string({ error: Messages.DATE_INVALID.message })
  .refine(isBoundedDateString, { error: Messages.DATE_INVALID.message });

const L = QUIT_PLAN_LIMITS;

export const tobaccoTypeSchema = z.enum(TOBACCO_TYPES, {
  error: Messages.TOBACCO_TYPE_INVALID.message,
});

/** Rupees with at most two decimals (a price is never a fraction of a paisa). */
const costPerDaySchema = z
  .number({ error: Messages.COST_PER_DAY_INVALID.message })
  .min(0, { error: Messages.COST_PER_DAY_INVALID.message })
  .max(L.costPerDayMaxRupees, { error: Messages.COST_PER_DAY_INVALID.message })
  .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), {
    error: Messages.COST_PER_DAY_INVALID.message,
  });

export const tobaccoUseRequestSchema = z.object({
  type: tobaccoTypeSchema,
  per_day: z
    .number({ error: Messages.PER_DAY_INVALID.message })
    .int({ error: Messages.PER_DAY_INVALID.message })
    .min(L.perDayMin, { error: Messages.PER_DAY_INVALID.message })
    .max(L.perDayMax, { error: Messages.PER_DAY_INVALID.message }),
  cost_per_day: costPerDaySchema,
});
export type TobaccoUseRequest = z.infer<typeof tobaccoUseRequestSchema>;

/**
 * PUT /quit-plan. The quit date's window (today − 365 … today + 30) depends on "today", so the
 * server checks it (`quitDateWithinWindow` in quit-progress); the web's form may refine the same.
 */
export const quitPlanRequestSchema = z.object({
  quit_date: istDateSchema,
  tobacco: z
    .array(tobaccoUseRequestSchema, { error: Messages.TOBACCO_REQUIRED.message })
    .min(L.tobaccoMin, { error: Messages.TOBACCO_REQUIRED.message })
    .max(L.tobaccoMax, { error: Messages.TOBACCO_REQUIRED.message })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.type)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'type'],
            message: Messages.TOBACCO_TYPE_REPEATED.message,
          });
        }
        seen.add(item.type);
      });
    }),
  reasons: z
    .array(
      z
        .string({ error: Messages.REASON_INVALID.message })
        .overwrite(stripInvisibleCharacters)
        .trim()
        .min(1, { error: Messages.REASON_INVALID.message })
        .max(L.reasonMaxLength, { error: Messages.REASON_INVALID.message }),
      { error: Messages.REASONS_TOO_MANY.message },
    )
    .max(L.reasonsMax, { error: Messages.REASONS_TOO_MANY.message })
    .optional(),
});
export type QuitPlanRequest = z.infer<typeof quitPlanRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const tobaccoUseSchema = z.object({
  type: tobaccoTypeSchema,
  per_day: z.number().int(),
  cost_per_day: z.number(),
  cost_per_day_paise: z.number().int(),
  /** `cost_per_day_paise / per_day`, floored: what one slipped unit costs in the money count. */
  unit_cost_paise: z.number().int(),
});
export type TobaccoUse = z.infer<typeof tobaccoUseSchema>;

export const quitPlanSchema = z.object({
  _id: z.string(),
  quit_date: z.string(),
  tobacco: z.array(tobaccoUseSchema),
  reasons: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QuitPlan = z.infer<typeof quitPlanSchema>;

/** GET /quit-plan: `null` until the member saves one. */
export const quitPlanOrNullResponseSchema = successEnvelope(quitPlanSchema.nullable());
/** PUT /quit-plan. */
export const quitPlanResponseSchema = successEnvelope(quitPlanSchema);

/** Health milestones after the last cigarette or chew (WHO's timeline; decision 032). */
export const MILESTONES = [
  { key: 'pulse', after_minutes: 20 },
  { key: 'oxygen', after_minutes: 8 * 60 },
  { key: 'carbon_monoxide', after_minutes: 24 * 60 },
  { key: 'taste_smell', after_minutes: 48 * 60 },
  { key: 'breathing', after_minutes: 72 * 60 },
  { key: 'circulation', after_minutes: 14 * 24 * 60 },
  { key: 'lungs_clearing', after_minutes: 30 * 24 * 60 },
  { key: 'heart_risk_half', after_minutes: 365 * 24 * 60 },
] as const;
export type MilestoneKey = (typeof MILESTONES)[number]['key'];
export const MILESTONE_KEYS = MILESTONES.map((m) => m.key) as [MilestoneKey, ...MilestoneKey[]];

export const milestoneSchema = z.object({
  key: z.enum(MILESTONE_KEYS),
  /** Hours after `smoke_free_since` (20 minutes is 1/3 hour). */
  after_hours: z.number(),
  reached: z.boolean(),
  /** When it was reached in the current smoke-free run; null while ahead. */
  reached_at: z.string().nullable(),
  /**
   * When it was first reached: in a run a slip later ended (the member reached it before the
   * slip, and keeps it), else in the current run; null if never yet.
   */
  first_reached_at: z.string().nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const nextMilestoneSchema = z.object({
  key: z.enum(MILESTONE_KEYS),
  after_hours: z.number(),
  /** When it will be reached if the run continues. */
  due_at: z.string(),
  /** Share of the way from `smoke_free_since` to `due_at`, 0–1 (the progress ring). */
  progress: z.number(),
});
export type NextMilestone = z.infer<typeof nextMilestoneSchema>;

/** GET /quit-plan/progress. Before the quit date `started` is false and every count is 0. */
export const quitProgressSchema = z.object({
  quit_date: z.string(),
  /** Today's IST date, on which every count is based. */
  today: z.string(),
  started: z.boolean(),
  /** Whole IST days from the quit date to today (0 before it). */
  elapsed_days: z.number().int(),
  /** The later of the start of the quit date and the last slip; null before the quit date. */
  smoke_free_since: z.string().nullable(),
  days_smoke_free: z.number().int(),
  longest_streak_days: z.number().int(),
  not_used: z.number().int(),
  money_saved: z.number(),
  money_saved_paise: z.number().int(),
  /** Slips logged since the quit date. */
  slips: z.number().int(),
  milestones: z.array(milestoneSchema),
  /** The first milestone not reached yet; null before the quit date and after the last one. */
  next_milestone: nextMilestoneSchema.nullable(),
});
export type QuitProgress = z.infer<typeof quitProgressSchema>;
export const quitProgressResponseSchema = successEnvelope(quitProgressSchema);
