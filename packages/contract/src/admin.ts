// Requests and responses of the operators' console (API.md "Admin"): everything under
// /api/admin, role admin only. The console's forms validate with these same schemas, so the
// browser and the server refuse the same input. Amounts follow API.md "Conventions": requests
// carry rupees (at most 2 decimals), responses rupees beside their `_paise` twin. Field texts
// are plain English for operators: the console shows them beside the field they name.
import { z } from 'zod';
import { userRoleSchema, userTypeSchema } from './auth';
import { successEnvelope } from './envelope';
import { IST_OFFSET_MINUTES } from './ist';
import { lessonStatusSchema } from './lessons';
import { EXPLORE_STATUSES } from './content';
import { cravingSchema } from './cravings';
import {
  couponTypeSchema,
  planDurationTypeSchema,
  refundStatusSchema,
  userPlanStatusSchema,
} from './payments';
import { EXERCISE_ROUTE_PATTERN, SIM_EVENTS } from './programme';
import { quitPlanSchema, quitProgressSchema } from './quit-plan';
import { questionTypeSchema } from './sim-score';

const rupeesOut = z.number();
const paiseOut = z.number().int();
const isoOut = z.iso.datetime();

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** A rupee amount typed by an operator: 0 or more, at most 2 decimals, below ₹1 crore. */
export const rupeesInputSchema = z
  .number({ error: 'Enter an amount in rupees.' })
  .finite()
  .min(0, { error: 'The amount cannot be negative.' })
  .max(10_000_000, { error: 'The amount is too large.' })
  .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), {
    error: 'Use at most 2 decimals.',
  });

export const adminRouteSchema = z
  .string({ error: 'Give an exercise route.' })
  .trim()
  .toLowerCase()
  .regex(EXERCISE_ROUTE_PATTERN, {
    error: 'Routes are lowercase letters, digits and dashes (at most 64).',
  });

const uploadKey = z
  .string({ error: 'Upload a file first.' })
  .trim()
  .min(1, { error: 'Upload a file first.' })
  .max(300);

// ---------------------------------------------------------------------------------------------
// Paging and the audit log
// ---------------------------------------------------------------------------------------------

export const ADMIN_PAGE_SIZE_MAX = 100;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(25),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `data` is one page; `total` counts every matching row. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return successEnvelope(z.array(item), {
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

export const adminPersonSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type AdminPerson = z.infer<typeof adminPersonSchema>;

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
// Uploads
// ---------------------------------------------------------------------------------------------

export const UPLOAD_KINDS = ['video', 'image'] as const;
export const uploadKindSchema = z.enum(UPLOAD_KINDS);
export type UploadKind = z.infer<typeof uploadKindSchema>;
/** Lesson videos are MP4 (H.264 plays everywhere); they are checked, not re-encoded. */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** Images are re-encoded to WebP, so the original may be a large camera JPEG. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

export const uploadSchema = z.object({
  key: z.string(),
  url: z.string(),
  kind: uploadKindSchema,
  bytes: z.number().int(),
  /** Read by the server from the MP4's movie header; null for images. */
  duration_seconds: z.number().int().nullable(),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadResponseSchema = successEnvelope(uploadSchema);

// ---------------------------------------------------------------------------------------------
// Lessons
// ---------------------------------------------------------------------------------------------

export const LESSON_TYPES = ['free', 'score_explanation', 'paid'] as const;
export const lessonTypeSchema = z.enum(LESSON_TYPES, { error: 'Choose a lesson type.' });
export type LessonType = z.infer<typeof lessonTypeSchema>;

export const lessonExerciseInputSchema = z.object({
  time: z
    .number({ error: 'Give the second the exercise opens at.' })
    .int({ error: 'Use whole seconds.' })
    .min(0, { error: 'Use whole seconds.' }),
  route: adminRouteSchema,
});

const lessonFields = {
  title: text(200, 'Title'),
  content: optionalText(5000, 'Description'),
  day: z
    .number({ error: 'Give a day.' })
    .int()
    .min(1, { error: 'Days start at 1.' })
    .max(365, { error: 'At most 365 days.' }),
  /** Omitted on create: the lesson goes last in its day. */
  video_order: z.number().int().min(1).max(1000).optional(),
  type: lessonTypeSchema,
  /** The key an upload returned (or the lesson's current source). */
  source: uploadKey,
  thumbnail_img: uploadKey.nullable().optional(),
  /** The exercise opened after the lesson is watched. */
  route: adminRouteSchema.nullable().optional(),
  exercises: z.array(lessonExerciseInputSchema).max(50),
};

// Defaults only on create: an update's missing field means "unchanged", never "reset".
export const adminLessonCreateSchema = z.object({
  ...lessonFields,
  content: lessonFields.content.default(''),
  exercises: lessonFields.exercises.default([]),
});
export type AdminLessonCreate = z.input<typeof adminLessonCreateSchema>;

export const adminLessonUpdateSchema = z
  .object({ ...lessonFields, active: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change.' });
export type AdminLessonUpdate = z.input<typeof adminLessonUpdateSchema>;

export const adminLessonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  day: z.number().int(),
  video_order: z.number().int(),
  type: lessonTypeSchema,
  is_paid: z.boolean(),
  source: z.string(),
  source_url: z.string(),
  thumbnail_img: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  total_duration: z.number().int(),
  route: z.string().nullable(),
  exercises: z.array(z.object({ time: z.number(), route: z.string() })),
  active: z.boolean(),
  created_at: isoOut,
});
export type AdminLesson = z.infer<typeof adminLessonSchema>;
export const adminLessonResponseSchema = successEnvelope(adminLessonSchema);
export const adminLessonsResponseSchema = successEnvelope(z.array(adminLessonSchema));

export const lessonTrackSchema = z.enum(['free', 'paid']);
export const lessonReorderSchema = z.object({
  track: lessonTrackSchema,
  day: z.number().int().min(1).max(365),
  /** Every active lesson of that track and day, in the new order. */
  ids: z.array(z.string()).min(1).max(200),
});
export type LessonReorder = z.infer<typeof lessonReorderSchema>;

// ---------------------------------------------------------------------------------------------
// Questions (SIM test events and exercise routes)
// ---------------------------------------------------------------------------------------------

export const adminQuestionOptionSchema = z.object({
  /** Kept when editing so stored answers still name the option; new options get one. */
  id: z.string().trim().max(40).optional(),
  value: text(300, 'Option text'),
  point: z
    .number({ error: 'Give the option points.' })
    .int({ error: 'Points are whole numbers.' })
    .min(0, { error: 'Points cannot be negative.' })
    .max(100, { error: 'At most 100 points.' }),
});

const questionBody = {
  question: text(1000, 'Question'),
  question_type: questionTypeSchema,
  options: z.array(adminQuestionOptionSchema).max(20).default([]),
};

function checkOptions(
  body: { question_type?: string; options?: unknown[] },
  ctx: z.RefinementCtx,
): void {
  if (body.question_type === undefined) return;
  const count = body.options?.length ?? 0;
  if (body.question_type === 'textarea' && count > 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Text questions have no options.' });
  }
  if (body.question_type !== 'textarea' && count < 2) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Give at least 2 options.' });
  }
}

export const adminQuestionCreateSchema = z
  .object({
    event: z.literal(SIM_EVENTS).nullable().optional(),
    route: adminRouteSchema.nullable().optional(),
    ...questionBody,
  })
  .superRefine((body, ctx) => {
    const hasEvent = body.event !== undefined && body.event !== null;
    const hasRoute = body.route !== undefined && body.route !== null;
    if (hasEvent === hasRoute) {
      ctx.addIssue({
        code: 'custom',
        path: ['event'],
        message: 'A question belongs to one SIM event or one exercise route.',
      });
    }
    checkOptions(body, ctx);
  });
export type AdminQuestionCreate = z.input<typeof adminQuestionCreateSchema>;

export const adminQuestionUpdateSchema = z.object(questionBody).superRefine(checkOptions);
export type AdminQuestionUpdate = z.input<typeof adminQuestionUpdateSchema>;

export const adminQuestionQuerySchema = z.object({
  event: z.enum(['0', '1', '2']).optional(),
  route: adminRouteSchema.optional(),
});

export const adminQuestionSchema = z.object({
  _id: z.string(),
  event: z.number().int().nullable(),
  route: z.string().nullable(),
  position: z.number().int(),
  question: z.string(),
  question_type: questionTypeSchema,
  options: z.array(z.object({ id: z.string(), value: z.string(), point: z.number() })),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionResponseSchema = successEnvelope(adminQuestionSchema);
export const adminQuestionsResponseSchema = successEnvelope(z.array(adminQuestionSchema));

export const questionReorderSchema = z
  .object({
    event: z.literal(SIM_EVENTS).optional(),
    route: adminRouteSchema.optional(),
    ids: z.array(z.string()).min(1).max(500),
  })
  .refine((body) => (body.event === undefined) !== (body.route === undefined), {
    error: 'Reorder one SIM event or one exercise route.',
  });

export const exerciseRouteSummarySchema = z.object({
  route: z.string(),
  questions: z.number().int(),
  /** Titles of the lessons that open this exercise. */
  lessons: z.array(z.string()),
});
export const exerciseRoutesResponseSchema = successEnvelope(z.array(exerciseRouteSummarySchema));

// ---------------------------------------------------------------------------------------------
// Plans and coupons
// ---------------------------------------------------------------------------------------------

const planFields = {
  code: z
    .string({ error: 'Give a code.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, {
      error: 'Codes are lowercase letters, digits and dashes.',
    }),
  name: text(100, 'Name'),
  description: optionalText(2000, 'Description'),
  price: rupeesInputSchema,
  special_price: rupeesInputSchema.nullable(),
  features: z.array(text(200, 'Feature')).max(30),
  duration: z.number().int().min(0).max(1000),
  duration_type: planDurationTypeSchema,
  active: z.boolean(),
};

export const adminPlanCreateSchema = z
  .object({
    ...planFields,
    description: planFields.description.default(''),
    special_price: planFields.special_price.default(null),
    features: planFields.features.default([]),
    duration: planFields.duration.default(0),
    active: planFields.active.default(true),
  })
  .refine((plan) => plan.special_price === null || plan.special_price <= plan.price, {
    error: 'The special price cannot be above the price.',
    path: ['special_price'],
  });
export type AdminPlanCreate = z.input<typeof adminPlanCreateSchema>;
export const adminPlanUpdateSchema = z.object(planFields).partial();
export type AdminPlanUpdate = z.input<typeof adminPlanUpdateSchema>;

export const adminPlanSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price: rupeesOut,
  price_paise: paiseOut,
  special_price: rupeesOut.nullable(),
  special_price_paise: paiseOut.nullable(),
  features: z.array(z.string()),
  duration: z.number().int(),
  duration_type: planDurationTypeSchema,
  active: z.boolean(),
  created_at: isoOut,
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanResponseSchema = successEnvelope(adminPlanSchema);
export const adminPlansResponseSchema = successEnvelope(z.array(adminPlanSchema));

const couponFields = {
  code: z
    .string({ error: 'Give a code.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6}$/, { error: 'Coupon codes are exactly 6 letters or digits.' }),
  type: couponTypeSchema,
  value: z
    .number({ error: 'Give a value.' })
    .int({ error: 'Use a whole number.' })
    .min(1, { error: 'The value must be at least 1.' })
    .max(10_000_000),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  max_uses: z.number().int().min(0).max(10_000_000).nullable(),
  max_uses_per_user: z.number().int().min(1).max(1000),
  active: z.boolean(),
};

const percentAtMost100 = (coupon: { type?: string; value?: number }) =>
  coupon.type !== 'percent' || coupon.value === undefined || coupon.value <= 100;

export const adminCouponCreateSchema = z
  .object({
    ...couponFields,
    expires_at: couponFields.expires_at.default(null),
    max_uses: couponFields.max_uses.default(null),
    max_uses_per_user: couponFields.max_uses_per_user.default(1),
    active: couponFields.active.default(true),
  })
  .refine(percentAtMost100, { error: 'A percentage is at most 100.', path: ['value'] });
export type AdminCouponCreate = z.input<typeof adminCouponCreateSchema>;
export const adminCouponUpdateSchema = z
  .object(couponFields)
  .partial()
  .refine(percentAtMost100, { error: 'A percentage is at most 100.', path: ['value'] });
export type AdminCouponUpdate = z.input<typeof adminCouponUpdateSchema>;

export const adminCouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  type: couponTypeSchema,
  value: z.number(),
  expires_at: isoOut.nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_user: z.number().int(),
  active: z.boolean(),
  used: z.number().int(),
  created_at: isoOut,
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponResponseSchema = successEnvelope(adminCouponSchema);
export const adminCouponsResponseSchema = successEnvelope(z.array(adminCouponSchema));

// ---------------------------------------------------------------------------------------------
// Live sessions
// ---------------------------------------------------------------------------------------------

/** What a datetime-local input holds: a wall-clock time, read as IST. */
export const IST_LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** '2026-03-02T19:00' in IST → the UTC instant; undefined for an impossible date or time. */
export function istLocalToDate(local: string): Date | undefined {
  const match = IST_LOCAL_PATTERN.exec(local);
  if (!match) return undefined;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hours > 23 || minutes > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hours, minutes) - IST_OFFSET_MINUTES * 60_000;
  const date = new Date(utc);
  // Reject 31 Feb and the like: the date must read back as typed.
  const check = new Date(utc + IST_OFFSET_MINUTES * 60_000);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return date;
}

/** The UTC instant as IST wall-clock time for a datetime-local input. */
export function dateToIstLocal(date: Date): string {
  const shifted = new Date(date.getTime() + IST_OFFSET_MINUTES * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const liveSessionFields = {
  title: text(200, 'Title'),
  /** Editor HTML; the server sanitises it before storing. */
  description: optionalText(20_000, 'Description'),
  amount: rupeesInputSchema,
  host: text(120, 'Host'),
  /** Comma-separated, as users see them. */
  tags: optionalText(300, 'Tags'),
  thumbnail_image: uploadKey.nullable(),
  /** Date and time in IST, as 'YYYY-MM-DDTHH:mm'. */
  session_date_ist: z
    .string({ error: 'Give the date and time (IST).' })
    .refine((value) => istLocalToDate(value) !== undefined, {
      error: 'Give a real date and time (IST).',
    }),
  duration_minutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  /** Mailed to paid registrants only; never listed to users. */
  joining_details: optionalText(2000, 'Joining details'),
  /** The premium programme's closing session: free for premium members (decision 041). */
  included_in_premium: z.boolean(),
  active: z.boolean(),
};

export const adminLiveSessionCreateSchema = z.object({
  ...liveSessionFields,
  description: liveSessionFields.description.default(''),
  tags: liveSessionFields.tags.default(''),
  thumbnail_image: liveSessionFields.thumbnail_image.default(null),
  duration_minutes: liveSessionFields.duration_minutes.default(60),
  joining_details: liveSessionFields.joining_details.default(''),
  included_in_premium: liveSessionFields.included_in_premium.default(false),
  active: liveSessionFields.active.default(true),
});
export type AdminLiveSessionCreate = z.input<typeof adminLiveSessionCreateSchema>;
export const adminLiveSessionUpdateSchema = z.object(liveSessionFields).partial();
export type AdminLiveSessionUpdate = z.input<typeof adminLiveSessionUpdateSchema>;

export const adminLiveSessionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  amount: rupeesOut,
  amount_paise: paiseOut,
  host: z.string(),
  tags: z.string(),
  thumbnail_image: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  session_date: isoOut,
  session_date_ist: z.string(),
  duration_minutes: z.number().int(),
  joining_details: z.string(),
  included_in_premium: z.boolean(),
  active: z.boolean(),
  registrations: z.number().int(),
  created_at: isoOut,
});
export type AdminLiveSession = z.infer<typeof adminLiveSessionSchema>;
export const adminLiveSessionResponseSchema = successEnvelope(adminLiveSessionSchema);
export const adminLiveSessionsResponseSchema = successEnvelope(z.array(adminLiveSessionSchema));

export const liveSessionEnrolmentSchema = z.object({
  _id: z.string(),
  user: adminPersonSchema.extend({ mobile: z.string().nullable() }),
  status: z.enum(['paid', 'refunded']),
  created_at: isoOut,
});
export const liveSessionEnrolmentsResponseSchema = successEnvelope(
  z.array(liveSessionEnrolmentSchema),
);

// ---------------------------------------------------------------------------------------------
// Payments and refunds
// ---------------------------------------------------------------------------------------------

export const adminPaymentsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
});

export const adminPaymentSchema = z.object({
  _id: z.string(),
  user: adminPersonSchema.nullable(),
  buyer_name: z.string(),
  purpose: z.enum(['plan', 'live_session']),
  item: z.string(),
  amount: rupeesOut,
  amount_paise: paiseOut,
  status: z.enum(['captured', 'refunded']),
  provider_payment_id: z.string(),
  captured_at: isoOut,
  invoice: z.object({ _id: z.string(), number: z.string() }).nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsPageSchema = pagedEnvelope(adminPaymentSchema);

export const adminRefundsQuerySchema = pageQuerySchema.extend({
  status: refundStatusSchema.optional(),
});

export const adminRefundSchema = z.object({
  _id: z.string(),
  status: refundStatusSchema,
  amount: rupeesOut,
  amount_paise: paiseOut,
  user: adminPersonSchema.nullable(),
  plan_name: z.string(),
  plan_status: userPlanStatusSchema.nullable(),
  purchased_at: isoOut.nullable(),
  requested_at: isoOut,
  decided_at: isoOut.nullable(),
  decided_by: adminPersonSchema.nullable(),
  rejected_reason: z.string().nullable(),
  /** Why the member asked, in their words (optional when they asked). */
  reason: z.string().nullable(),
  /** The GST credit note an approval issued (decision 029); null before, or for a ₹0 plan. */
  credit_note: z.object({ _id: z.string(), number: z.string() }).nullable(),
  /**
   * 'request': a member asked for their plan's money back. 'duplicate': the automatic refund of
   * a payment that granted nothing (a second payment for what the member had; decision 037).
   */
  kind: z.enum(['request', 'duplicate']),
  /** The provider's payment id the money goes back to (Razorpay's `pay_…`). */
  payment_reference: z.string(),
  /**
   * The member erased their account (decision 021): `user` is null, and the refund is paid back
   * to `payment_reference`, the only link to them that is kept.
   */
  account_erased: z.boolean(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundsPageSchema = pagedEnvelope(adminRefundSchema);
export const adminRefundResponseSchema = successEnvelope(adminRefundSchema);

export const refundRejectSchema = z.object({ reason: text(500, 'Reason') });

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

export const adminUsersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
});

export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  type: userTypeSchema,
  role: userRoleSchema,
  step: z.number().int(),
  current_day: z.number().int(),
  created_at: isoOut,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersPageSchema = pagedEnvelope(adminUserSchema);

export const adminUserDetailSchema = z.object({
  user: adminUserSchema.extend({
    dob: z.number().int().nullable(),
    gender: z.string().nullable(),
    whatsapp_no: z.string().nullable(),
    total_points: z.number().int(),
  }),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      total_points: z.number().int(),
      raw_points: z.number().int().nullable(),
      created_at: isoOut,
    }),
  ),
  lessons: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      day: z.number().int(),
      video_order: z.number().int(),
      type: lessonTypeSchema,
      status: lessonStatusSchema,
      is_viewed: z.boolean(),
      seconds_viewed: z.number(),
      total_duration: z.number().int(),
      completed_at: isoOut.nullable(),
      /** False once the lesson was taken out of the catalogue (progress is kept). */
      active: z.boolean(),
    }),
  ),
  exercises: z.array(
    z.object({ route: z.string(), answers: z.number().int(), created_at: isoOut }),
  ),
  feedback: z.array(
    z.object({
      _id: z.string(),
      lesson_title: z.string(),
      text: z.string(),
      reply: z.string().nullable(),
      created_at: isoOut,
      replied_at: isoOut.nullable(),
    }),
  ),
  plan: z
    .object({
      name: z.string(),
      status: userPlanStatusSchema,
      purchased_at: isoOut,
    })
    .nullable(),
  /** The quit companion (issue 14): plan, progress and the latest log entries; null without a plan. */
  quit: z
    .object({
      plan: quitPlanSchema,
      progress: quitProgressSchema,
      /** The 20 newest craving and slip entries. */
      recent_log: z.array(cravingSchema),
    })
    .nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const adminUserDetailResponseSchema = successEnvelope(adminUserDetailSchema);

export const roleChangeSchema = z.object({ role: userRoleSchema });
export const adminUserResponseSchema = successEnvelope(adminUserSchema);

export const adminNotifySchema = z.object({
  title: text(120, 'Title'),
  message: text(1000, 'Message'),
  /** Also send it by email (through the outbox). */
  email: z.boolean().default(false),
});
export type AdminNotify = z.input<typeof adminNotifySchema>;

export const FEEDBACK_FILTERS = ['open', 'replied', 'all'] as const;
export const adminFeedbackQuerySchema = pageQuerySchema.extend({
  status: z.enum(FEEDBACK_FILTERS).default('open'),
});

export const adminFeedbackSchema = z.object({
  _id: z.string(),
  text: z.string(),
  reply: z.string().nullable(),
  created_at: isoOut,
  replied_at: isoOut.nullable(),
  user: adminPersonSchema,
  lesson: z.object({ title: z.string(), day: z.number().int() }),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;
export const adminFeedbackPageSchema = pagedEnvelope(adminFeedbackSchema);
export const adminFeedbackResponseSchema = successEnvelope(adminFeedbackSchema);
export const feedbackReplySchema = z.object({ reply: text(2000, 'Reply') });

// ---------------------------------------------------------------------------------------------
// Notification definitions (the settings every user can toggle, GET /user-notification)
// ---------------------------------------------------------------------------------------------

/** What a notification is about: the senders name these, so operators cannot invent new ones. */
export const NOTIFICATION_DEFINITION_TOPICS = [
  'account',
  'community',
  'reminders',
  'quit',
] as const;
/** Channels a user can turn off; the in-app bell is not one: every notification reaches it. */
export const NOTIFICATION_DEFINITION_CHANNELS = ['email', 'whatsapp', 'sms', 'push'] as const;
export const notificationTopicSchema = z.enum(NOTIFICATION_DEFINITION_TOPICS, {
  error: 'Choose a topic.',
});
export const notificationChannelSchema = z.enum(NOTIFICATION_DEFINITION_CHANNELS, {
  error: 'Choose a channel.',
});

const notificationDefinitionFields = {
  /** The group the setting is listed under in the user's settings (`notification_id.title`). */
  title: text(80, 'Group'),
  /** The setting's name (`notification_id.setting`). */
  setting: text(80, 'Setting'),
  description: text(300, 'Description'),
  /** What users who never changed it get; a user's own choice always wins. */
  default_status: z.boolean({ error: 'Say whether the setting starts on or off.' }),
  /** Order in the user's list, smallest first. */
  position: z
    .number({ error: 'Give a position.' })
    .int({ error: 'Use a whole number.' })
    .min(0, { error: 'The position cannot be negative.' })
    .max(100_000, { error: 'The position is too large.' }),
};

// One definition per (topic, channel): the senders look a user's choice up by that pair.
export const adminNotificationDefinitionCreateSchema = z.object({
  topic: notificationTopicSchema,
  channel: notificationChannelSchema,
  ...notificationDefinitionFields,
  default_status: notificationDefinitionFields.default_status.default(false),
  /** Omitted: after the last definition. */
  position: notificationDefinitionFields.position.optional(),
});
export type AdminNotificationDefinitionCreate = z.input<
  typeof adminNotificationDefinitionCreateSchema
>;

/**
 * Topic and channel are what users' choices were made about: they cannot change (add another
 * definition instead), and a request that tries is refused rather than half applied.
 */
export const adminNotificationDefinitionUpdateSchema = z
  .strictObject(notificationDefinitionFields, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `These cannot be changed: ${issue.keys.join(', ')}. Add a new definition instead.`
        : undefined,
  })
  .partial();
export type AdminNotificationDefinitionUpdate = z.input<
  typeof adminNotificationDefinitionUpdateSchema
>;

export const adminNotificationDefinitionSchema = z.object({
  _id: z.string(),
  /** `topic.channel`, unique. */
  key: z.string(),
  topic: notificationTopicSchema,
  channel: notificationChannelSchema,
  title: z.string(),
  setting: z.string(),
  description: z.string(),
  default_status: z.boolean(),
  position: z.number().int(),
  /** Users with a row for it (made the first time they open their settings)… */
  users: z.number().int(),
  /** …and how many of them have it off. */
  users_off: z.number().int(),
});
export type AdminNotificationDefinition = z.infer<typeof adminNotificationDefinitionSchema>;
export const adminNotificationDefinitionResponseSchema = successEnvelope(
  adminNotificationDefinitionSchema,
);
export const adminNotificationDefinitionsResponseSchema = successEnvelope(
  z.array(adminNotificationDefinitionSchema),
);

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
});
export type AdminMetrics = z.infer<typeof adminMetricsSchema>;
export const adminMetricsResponseSchema = successEnvelope(adminMetricsSchema);

// ---------------------------------------------------------------------------------------------
// Editorial: blogs, news, quizzes
// ---------------------------------------------------------------------------------------------

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const blogFields = {
  title: text(200, 'Title'),
  slug: z
    .string({ error: 'Give a slug.' })
    .trim()
    .toLowerCase()
    .max(120, { error: 'At most 120 characters.' })
    .regex(SLUG_PATTERN, { error: 'Lowercase words joined by dashes, e.g. quit-for-good.' }),
  meta_title: optionalText(200, 'Meta title'),
  meta_description: optionalText(500, 'Meta description'),
  /** Editor HTML; the server sanitises it before storing. */
  content: optionalText(100_000, 'Content'),
  image: uploadKey.nullable(),
  published: z.boolean(),
};

export const adminBlogCreateSchema = z.object({
  ...blogFields,
  meta_title: blogFields.meta_title.default(''),
  meta_description: blogFields.meta_description.default(''),
  content: blogFields.content.default(''),
  image: blogFields.image.default(null),
  published: blogFields.published.default(false),
});
export type AdminBlogCreate = z.input<typeof adminBlogCreateSchema>;
export const adminBlogUpdateSchema = z.object(blogFields).partial();
export type AdminBlogUpdate = z.input<typeof adminBlogUpdateSchema>;

export const adminBlogSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  published: z.boolean(),
  published_at: isoOut.nullable(),
  created_at: isoOut,
  updated_at: isoOut,
});
export type AdminBlog = z.infer<typeof adminBlogSchema>;
export const adminBlogResponseSchema = successEnvelope(adminBlogSchema);
export const adminBlogsResponseSchema = successEnvelope(z.array(adminBlogSchema));

const newsFields = {
  title: text(200, 'Title'),
  author: text(120, 'Author'),
  tag: optionalText(40, 'Tag').nullable(),
  /** Editor HTML; sanitised before storing. */
  description: optionalText(20_000, 'Description'),
  link: z
    .string({ error: 'Give the link to the story.' })
    .trim()
    .max(1000)
    .regex(/^https?:\/\/\S+$/i, { error: 'Give a full http(s) link.' }),
  image: uploadKey.nullable(),
  published: z.boolean(),
};

export const adminNewsCreateSchema = z.object({
  ...newsFields,
  tag: newsFields.tag.default(null),
  description: newsFields.description.default(''),
  image: newsFields.image.default(null),
  published: newsFields.published.default(true),
});
export type AdminNewsCreate = z.input<typeof adminNewsCreateSchema>;
export const adminNewsUpdateSchema = z.object(newsFields).partial();
export type AdminNewsUpdate = z.input<typeof adminNewsUpdateSchema>;

export const adminNewsSchema = z.object({
  _id: z.string(),
  title: z.string(),
  author: z.string(),
  tag: z.string().nullable(),
  description: z.string(),
  link: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  published: z.boolean(),
  created_at: isoOut,
});
export type AdminNews = z.infer<typeof adminNewsSchema>;
export const adminNewsResponseSchema = successEnvelope(adminNewsSchema);
export const adminNewsListResponseSchema = successEnvelope(z.array(adminNewsSchema));

/** A quiz set as operators write it. Ids are kept on edit so earlier answers still match. */
export const adminQuizSetInputSchema = z.object({
  title: text(200, 'Title'),
  description: optionalText(2000, 'Description').nullable().default(null),
  quizzes: z
    .array(
      z.object({
        _id: z.string().optional(),
        title: optionalText(200, 'Quiz title').nullable().default(null),
        description: optionalText(2000, 'Quiz description').nullable().default(null),
        questions: z
          .array(
            z
              .object({
                _id: z.string().optional(),
                question: text(1000, 'Question'),
                options: z
                  .array(
                    z.object({
                      _id: z.string().optional(),
                      option: text(300, 'Option'),
                      is_correct: z.boolean().default(false),
                    }),
                  )
                  .min(2, { error: 'Give at least 2 options.' })
                  .max(10, { error: 'At most 10 options.' }),
              })
              .refine((q) => q.options.filter((o) => o.is_correct).length === 1, {
                error: 'Mark exactly one option correct.',
                path: ['options'],
              }),
          )
          .min(1, { error: 'Give at least one question.' })
          .max(50),
      }),
    )
    .min(1, { error: 'Give at least one quiz.' })
    .max(20),
});
export type AdminQuizSetInput = z.input<typeof adminQuizSetInputSchema>;

export const adminQuizSetSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  created_at: isoOut,
  /** Where members take it: /quiz/{_id}. */
  public_path: z.string(),
  registrations: z.number().int(),
  quizzes: z.array(
    z.object({
      _id: z.string(),
      title: z.string().nullable(),
      description: z.string().nullable(),
      questions: z.array(
        z.object({
          _id: z.string(),
          question: z.string(),
          options: z.array(
            z.object({ _id: z.string(), option: z.string(), is_correct: z.boolean() }),
          ),
        }),
      ),
    }),
  ),
});
export type AdminQuizSet = z.infer<typeof adminQuizSetSchema>;
export const adminQuizSetResponseSchema = successEnvelope(adminQuizSetSchema);

export const adminQuizSetSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  public_path: z.string(),
  quizzes: z.number().int(),
  questions: z.number().int(),
  registrations: z.number().int(),
  created_at: isoOut,
});
export type AdminQuizSetSummary = z.infer<typeof adminQuizSetSummarySchema>;
export const adminQuizSetsResponseSchema = successEnvelope(z.array(adminQuizSetSummarySchema));

// ---------------------------------------------------------------------------------------------
// Community: the Explore queue and reviews
// ---------------------------------------------------------------------------------------------

export const adminExploreQuerySchema = pageQuerySchema.extend({
  status: z.enum(EXPLORE_STATUSES).default('pending'),
});

export const adminExplorePostSchema = z.object({
  _id: z.string(),
  title: z.string().nullable(),
  image: z.string(),
  status: z.enum(EXPLORE_STATUSES),
  created_at: isoOut,
  reviewed_at: isoOut.nullable(),
  user: adminPersonSchema.nullable(),
  reviewed_by: adminPersonSchema.nullable(),
  reviews: z.number().int(),
});
export type AdminExplorePost = z.infer<typeof adminExplorePostSchema>;
export const adminExplorePageSchema = pagedEnvelope(adminExplorePostSchema);
export const adminExplorePostResponseSchema = successEnvelope(adminExplorePostSchema);

export const adminReviewsQuerySchema = pageQuerySchema.extend({
  explore_id: z.string().trim().optional(),
  hidden: z.enum(['true', 'false']).optional(),
});

export const adminReviewSchema = z.object({
  _id: z.string(),
  explore_id: z.string(),
  post_title: z.string().nullable(),
  review: z.string(),
  hidden: z.boolean(),
  created_at: isoOut,
  user: adminPersonSchema,
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsPageSchema = pagedEnvelope(adminReviewSchema);
export const adminReviewResponseSchema = successEnvelope(adminReviewSchema);
export const reviewVisibilitySchema = z.object({ hidden: z.boolean() });
