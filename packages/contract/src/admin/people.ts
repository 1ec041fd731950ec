// The console's people: members, their detail, messages to them, lesson feedback, and the
// notification settings every member can toggle.
import { z } from 'zod';
import { userRoleSchema, userTypeSchema } from '../auth';
import { cravingSchema } from '../cravings';
import { successEnvelope } from '../envelope';
import { lessonStatusSchema } from '../lessons';
import { userPlanStatusSchema } from '../payments';
import { quitPlanSchema, quitProgressSchema } from '../quit-plan';
import { adminPersonSchema, isoOut, pagedEnvelope, pageQuerySchema, text } from './fields';
import { lessonTypeSchema } from './programme';

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
