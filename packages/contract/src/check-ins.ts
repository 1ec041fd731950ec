// Quit companion: the daily check-in (API.md "Quit companion", /check-ins).
import { z } from 'zod';
import { slipUnitsSchema } from './cravings';
import { successEnvelope } from './envelope';
import { Messages } from './messages';
import { istDateSchema } from './quit-plan';

/** A check-in is for today or yesterday (IST) only. */
export const CHECK_IN_DAYS_BACK = 1;

export const checkInDateParamsSchema = z.object({ date: istDateSchema });

/**
 * PUT /check-ins/{date}. `units` (default 1) only with `used: true`: a 'used' day records a slip
 * of that many units at 21:00 IST unless a slip is already logged that date.
 */
export const checkInRequestSchema = z
  .object({
    used: z.boolean({ error: Messages.VALIDATION_ERROR.message }),
    units: slipUnitsSchema.optional(),
    mood: z
      .number({ error: Messages.CHECK_IN_MOOD_INVALID.message })
      .int({ error: Messages.CHECK_IN_MOOD_INVALID.message })
      .min(1, { error: Messages.CHECK_IN_MOOD_INVALID.message })
      .max(5, { error: Messages.CHECK_IN_MOOD_INVALID.message }),
  })
  .superRefine((body, ctx) => {
    if (!body.used && body.units !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['units'],
        message: Messages.UNITS_ONLY_FOR_SLIPS.message,
      });
    }
  });
export type CheckInRequest = z.infer<typeof checkInRequestSchema>;

export const checkInsQuerySchema = z.object({
  from: istDateSchema.optional(),
  to: istDateSchema.optional(),
});

export const checkInSchema = z.object({
  date: z.string(),
  used: z.boolean(),
  units: z.number().int().nullable(),
  mood: z.number().int(),
  updated_at: z.string(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

export const checkInResponseSchema = successEnvelope(checkInSchema);
export const checkInsResponseSchema = successEnvelope(z.array(checkInSchema));
