// What the console reports: the audit log of every write and the metrics page.
import { z } from 'zod';
import { coachFiguresSchema } from '../coach';
import { successEnvelope } from '../envelope';
import {
  adminPersonSchema,
  isoOut,
  pagedEnvelope,
  pageQuerySchema,
  paiseOut,
  rupeesOut,
} from './fields';

// ---------------------------------------------------------------------------------------------
// The audit log
// ---------------------------------------------------------------------------------------------

export const auditQuerySchema = pageQuerySchema.extend({
  entity: z.string().trim().max(40).optional(),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  admin: adminPersonSchema.nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: isoOut,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pagedEnvelope(auditEntrySchema);

// ---------------------------------------------------------------------------------------------
// Metrics
// ---------------------------------------------------------------------------------------------

export const metricsQuerySchema = z.object({
  days: z.coerce.number().int().min(7).max(365).default(30),
});

const dayCount = z.object({ date: z.string(), count: z.number().int() });

export const adminMetricsSchema = z.object({
  /** IST calendar dates, inclusive. */
  from: z.string(),
  to: z.string(),
  signups: z.array(dayCount),
  attempts: z.array(dayCount),
  money: z.array(
    z.object({
      date: z.string(),
      revenue: rupeesOut,
      revenue_paise: paiseOut,
      refunds: rupeesOut,
      refunds_paise: paiseOut,
    }),
  ),
  totals: z.object({
    users: z.number().int(),
    premium_users: z.number().int(),
    signups: z.number().int(),
    /** Of the period's sign-ups, how many bought a plan (ever). */
    converted: z.number().int(),
    conversion_rate: z.number(),
    revenue: rupeesOut,
    revenue_paise: paiseOut,
    refunds: rupeesOut,
    refunds_paise: paiseOut,
  }),
  /**
   * Free → premium per sign-up day: of that day's sign-ups, how many bought a plan (by now), and
   * that as a share (0 when nobody signed up). The converted counts add up to `totals.converted`.
   */
  conversion: z.array(
    z.object({
      date: z.string(),
      signups: z.number().int(),
      converted: z.number().int(),
      rate: z.number(),
    }),
  ),
  /** Paid programme: per day, how many users finished every lesson of it. */
  funnel: z.array(
    z.object({ day: z.number().int(), lessons: z.number().int(), completed: z.number().int() }),
  ),
  /**
   * The newest good database backup (issue 20): when it finished, its size and where it is
   * (a file under DATA_DIR/backups or s3://bucket/backups/…); null before the first one.
   * `failed_at` is the newest failed attempt when it came after that backup.
   */
  backup: z
    .object({
      at: z.string().nullable(),
      size_bytes: z.number().int().nullable(),
      place: z.string().nullable(),
      failed_at: z.string().nullable(),
    })
    .nullable(),
  /** Coach support (issue 45): response time, load per coach and outcomes with and without. */
  coach: coachFiguresSchema,
});
export type AdminMetrics = z.infer<typeof adminMetricsSchema>;
export const adminMetricsResponseSchema = successEnvelope(adminMetricsSchema);
