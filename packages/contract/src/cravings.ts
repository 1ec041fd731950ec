// Quit companion: the craving and slip log (API.md "Quit companion", /cravings).
import { z } from 'zod';
import { boundedDateTimeSchema } from './date-bounds';
import { successEnvelope } from './envelope';
import { Messages } from './messages';
import { stripInvisibleCharacters } from './text';
import { istDateSchema, tobaccoTypeSchema } from './quit-plan';

export const CRAVING_TRIGGERS = [
  'stress',
  'after_meal',
  'tea_coffee',
  'alcohol',
  'friends',
  'boredom',
  'work_break',
  'waking_up',
  'other',
] as const;
export type CravingTrigger = (typeof CRAVING_TRIGGERS)[number];

export const CRAVING_OUTCOMES = ['resisted', 'slipped'] as const;
export type CravingOutcome = (typeof CRAVING_OUTCOMES)[number];

/**
 * Where an entry came from: the SOS/log form, a daily check-in that said 'used', or a SLIP sent
 * by WhatsApp or SMS (one unit, no intensity or trigger: the member gave none).
 */
export const CRAVING_SOURCES = ['craving', 'check_in', 'message'] as const;
export type CravingSource = (typeof CRAVING_SOURCES)[number];

export const CRAVING_LIMITS = {
  intensityMin: 1,
  intensityMax: 5,
  unitsMin: 1,
  unitsMax: 100,
  noteMaxLength: 500,
  /** `at` may be at most this many days in the past (and never in the future). */
  atMaxDaysBack: 7,
  pageDefault: 20,
  pageMax: 100,
} as const;

const L = CRAVING_LIMITS;

export const cravingTriggerSchema = z.enum(CRAVING_TRIGGERS, {
  error: Messages.CRAVING_TRIGGER_INVALID.message,
});
export const cravingOutcomeSchema = z.enum(CRAVING_OUTCOMES, {
  error: Messages.CRAVING_OUTCOME_INVALID.message,
});

export const slipUnitsSchema = z
  .number({ error: Messages.SLIP_UNITS_INVALID.message })
  .int({ error: Messages.SLIP_UNITS_INVALID.message })
  .min(L.unitsMin, { error: Messages.SLIP_UNITS_INVALID.message })
  .max(L.unitsMax, { error: Messages.SLIP_UNITS_INVALID.message });

/**
 * POST /cravings. `units` is required for a slip and absent otherwise; `tobacco_type` (optional)
 * says what was used in a slip (the plan's first type when absent). The window of `at` (last 7
 * days, not in the future) depends on "now", so the server checks it (`cravingTimeAllowed`).
 */
export const cravingCreateRequestSchema = z
  .object({
    intensity: z
      .number({ error: Messages.CRAVING_INTENSITY_INVALID.message })
      .int({ error: Messages.CRAVING_INTENSITY_INVALID.message })
      .min(L.intensityMin, { error: Messages.CRAVING_INTENSITY_INVALID.message })
      .max(L.intensityMax, { error: Messages.CRAVING_INTENSITY_INVALID.message }),
    trigger: cravingTriggerSchema,
    outcome: cravingOutcomeSchema,
    units: slipUnitsSchema.optional(),
    tobacco_type: tobaccoTypeSchema.optional(),
    note: z
      .string({ error: Messages.CRAVING_NOTE_TOO_LONG.message })
      .overwrite(stripInvisibleCharacters)
      .trim()
      .max(L.noteMaxLength, { error: Messages.CRAVING_NOTE_TOO_LONG.message })
      .optional(),
    at: boundedDateTimeSchema(Messages.CRAVING_TIME_INVALID.message).optional(),
    client_id: z.uuid({ error: Messages.CLIENT_ID_INVALID.message }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === 'slipped' && body.units === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['units'],
        message: Messages.SLIP_UNITS_INVALID.message,
      });
    }
    if (body.outcome === 'resisted' && body.units !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['units'],
        message: Messages.UNITS_ONLY_FOR_SLIPS.message,
      });
    }
    if (body.outcome === 'resisted' && body.tobacco_type !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['tobacco_type'],
        message: Messages.UNITS_ONLY_FOR_SLIPS.message,
      });
    }
  });
export type CravingCreateRequest = z.infer<typeof cravingCreateRequestSchema>;

/** GET /cravings: a page of entries newest first; the summary covers the whole range. */
export const cravingsQuerySchema = z.object({
  from: istDateSchema.optional(),
  to: istDateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(L.pageMax).default(L.pageDefault),
  /** `next_cursor` of the previous page, as given. */
  cursor: z.string().min(1).max(200).optional(),
});
export type CravingsQuery = z.infer<typeof cravingsQuerySchema>;

export const cravingIdParamsSchema = z.object({ id: z.string() });

/**
 * One log entry. Entries from a check-in (`source: 'check_in'`) or a message (`'message'`) are
 * slips without intensity or trigger, so those two are null there.
 */
export const cravingSchema = z.object({
  _id: z.string(),
  at: z.string(),
  intensity: z.number().int().nullable(),
  trigger: cravingTriggerSchema.nullable(),
  outcome: cravingOutcomeSchema,
  units: z.number().int().nullable(),
  tobacco_type: tobaccoTypeSchema.nullable(),
  note: z.string().nullable(),
  client_id: z.string().nullable(),
  source: z.enum(CRAVING_SOURCES),
  created_at: z.string(),
});
export type Craving = z.infer<typeof cravingSchema>;

/** Counts over the requested range; `by_hour[h]` counts entries logged at IST hour h. */
export const cravingSummarySchema = z.object({
  resisted: z.number().int(),
  slipped: z.number().int(),
  by_trigger: z.record(cravingTriggerSchema, z.number().int()),
  by_hour: z.array(z.number().int()).length(24),
});
export type CravingSummary = z.infer<typeof cravingSummarySchema>;

export const cravingResponseSchema = successEnvelope(cravingSchema);
export const cravingsResponseSchema = successEnvelope(z.array(cravingSchema), {
  next_cursor: z.string().nullable(),
  summary: cravingSummarySchema,
});
export type CravingsResponse = z.infer<typeof cravingsResponseSchema>;
