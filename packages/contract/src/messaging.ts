// Messaging programme (API.md "Messaging programme"): a member's preferences, the signed inbound
// and status callbacks of the SMS and WhatsApp gateways, the operators' message library and the
// delivery figures. Pure rules shared by the API and the web app live here too.
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { LANGUAGES } from './languages';
import { Messages } from './messages';
import { TOBACCO_TYPES } from './quit-plan';

export const MESSAGING_CHANNELS = ['whatsapp', 'sms', 'push', 'none'] as const;
export type MessagingChannel = (typeof MESSAGING_CHANNELS)[number];

export const PROGRAMME_LIMITS = {
  /** Day offsets relative to the quit date: a week of preparation, then eight weeks. */
  firstDay: -7,
  lastDay: 56,
  /** Sends happen from 07:00 up to 21:00 IST, never in the night. */
  earliestMinute: 7 * 60,
  latestMinute: 21 * 60,
  /** What an operator may store; the seeded library keeps to one SMS-sized 320. */
  textMaxLength: 1000,
  seedTextMaxLength: 320,
} as const;

const L = PROGRAMME_LIMITS;

/** 'HH:MM' to minutes after midnight; NaN when it is not a time of day. */
export function minutesOfDay(hhmm: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** True for 'HH:MM' within 07:00–21:00 IST (both ends allowed). */
export function sendTimeAllowed(hhmm: string): boolean {
  const minutes = minutesOfDay(hhmm);
  return minutes >= L.earliestMinute && minutes <= L.latestMinute;
}

/**
 * True when an IST wall-clock minute is inside the quiet hours: after 21:00 and before 07:00.
 * 21:00 itself is the last minute a member may choose, so it is still a sending minute.
 */
export function inQuietHours(istMinuteOfDay: number): boolean {
  return istMinuteOfDay < L.earliestMinute || istMinuteOfDay > L.latestMinute;
}

export const messagingLanguageSchema = z.enum(LANGUAGES, {
  error: Messages.MESSAGING_LANGUAGE_INVALID.message,
});

export const messagingPreferencesSchema = z.object({
  channel: z.enum(MESSAGING_CHANNELS, { error: Messages.MESSAGING_CHANNEL_INVALID.message }),
  send_at: z
    .string({ error: Messages.MESSAGING_SEND_AT_INVALID.message })
    .refine(sendTimeAllowed, { error: Messages.MESSAGING_SEND_AT_INVALID.message }),
  language: messagingLanguageSchema,
});

/** PUT /messaging/preferences: `opted_out: false` (or leaving it out) is the way back in. */
export const messagingPreferencesRequestSchema = messagingPreferencesSchema.extend({
  opted_out: z.boolean().optional(),
});
export type MessagingPreferencesRequest = z.infer<typeof messagingPreferencesRequestSchema>;

export const messagingPreferencesDataSchema = messagingPreferencesSchema.extend({
  opted_out: z.boolean(),
  /** The member may choose WhatsApp (a verified WhatsApp number exists). */
  whatsapp_available: z.boolean(),
  /** The member may choose SMS (the account's mobile number is verified, decision 078). */
  sms_available: z.boolean(),
  /** The member may choose push (a browser of theirs accepted notifications; no number needed). */
  push_available: z.boolean(),
  /** The account's mobile number, verified or not (null without one). */
  mobile: z.string().nullable(),
  /** Whether a code sent to that number was entered; false again after it changes. */
  mobile_verified: z.boolean(),
});
export type MessagingPreferences = z.infer<typeof messagingPreferencesDataSchema>;
export const messagingPreferencesResponseSchema = successEnvelope(messagingPreferencesDataSchema);

// Inbound and status callbacks. The body is verified against X-Exhale-Signature before parsing.

export const SIGNATURE_HEADER = 'x-exhale-signature';

export const inboundMessageSchema = z.object({
  from: z.string().trim().min(1).max(32),
  text: z.string().max(2000),
  channel: z.enum(['whatsapp', 'sms']),
  message_id: z.string().trim().min(1).max(200),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

export const deliveryStatusSchema = z.object({
  message_id: z.string().trim().min(1).max(200),
  status: z.enum(['delivered', 'read', 'failed']),
});
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** What a reply asked for; 'other' is anything else, which gets the short help reply. */
export const INBOUND_KEYWORDS = ['crave', 'slip', 'stop', 'start', 'other'] as const;
export type InboundKeyword = (typeof INBOUND_KEYWORDS)[number];

/**
 * The keyword a reply means, case-insensitive, English and Hindi; anything else is 'other'.
 * HELP and मदद get the coping reply, as CRAVE does: someone who asks for help mid-craving should
 * not have to know the right word.
 */
export function keywordOf(text: string): InboundKeyword {
  const word = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  switch (word.replace(/[.!?,;:]+$/u, '')) {
    case 'crave':
    case 'help':
    case 'मदद':
      return 'crave';
    case 'slip':
    case 'फिसला':
    case 'फिसली':
      return 'slip';
    case 'stop':
    case 'रोको':
      return 'stop';
    case 'start':
      return 'start';
    default:
      return 'other';
  }
}

const INDIAN_MOBILE_FROM = /^(?:\+?91)?([6-9]\d{9})$/;

/**
 * The sender of an inbound message as the 10-digit number accounts store, or null when `from` is
 * not an Indian mobile number: ten digits starting 6–9, alone or after 91 or +91, nothing else (no
 * spaces, no leading 0). Every inbound provider checks `from` with this before anything is
 * recorded; null is a 400.
 */
export function indianMobileNumber(from: string): string | null {
  return INDIAN_MOBILE_FROM.exec(from)?.[1] ?? null;
}

/** Indian mobile numbers as stored (10 digits): drops +91, 91, a leading 0, spaces and dashes. */
export function normaliseMobile(from: string): string {
  const digits = from.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

// The operators' library.

export const PROGRAMME_PLACEHOLDERS = ['name', 'days', 'days_to_quit', 'saved'] as const;

export interface PlaceholderValues {
  name: string;
  days: number;
  days_to_quit: number;
  /** Already formatted, e.g. '₹1,250'. */
  saved: string;
}

/** Fills `{name}`, `{days}`, `{days_to_quit}` and `{saved}`; other braces stay as written. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(/\{(name|days|days_to_quit|saved)\}/g, (_all, key: keyof PlaceholderValues) =>
    String(values[key]),
  );
}

export const programmeDayOffsetSchema = z
  .number({ error: Messages.PROGRAMME_DAY_INVALID.message })
  .int({ error: Messages.PROGRAMME_DAY_INVALID.message })
  .min(L.firstDay, { error: Messages.PROGRAMME_DAY_INVALID.message })
  .max(L.lastDay, { error: Messages.PROGRAMME_DAY_INVALID.message });
/** The same day in a query string, where every value arrives as text. */
const programmeDayOffsetQuerySchema = z.coerce
  .number({ error: Messages.PROGRAMME_DAY_INVALID.message })
  .pipe(programmeDayOffsetSchema);

export const programmeMessageRequestSchema = z.object({
  day_offset: programmeDayOffsetSchema,
  language: messagingLanguageSchema,
  /** A variant for one kind of tobacco; absent or null for the message everyone else gets. */
  tobacco_type: z.enum(TOBACCO_TYPES, { error: Messages.TOBACCO_TYPE_INVALID.message }).nullish(),
  text: z
    .string({ error: Messages.PROGRAMME_TEXT_INVALID.message })
    .trim()
    .min(1, { error: Messages.PROGRAMME_TEXT_INVALID.message })
    .max(L.textMaxLength, { error: Messages.PROGRAMME_TEXT_INVALID.message }),
});
export type ProgrammeMessageRequest = z.infer<typeof programmeMessageRequestSchema>;

export const programmeMessageSchema = z.object({
  _id: z.string(),
  day_offset: z.number().int(),
  language: z.string(),
  tobacco_type: z.enum(TOBACCO_TYPES).nullable(),
  text: z.string(),
  updated_at: z.string(),
});
export type ProgrammeMessage = z.infer<typeof programmeMessageSchema>;

export const programmeMessagesQuerySchema = z.object({
  day_offset: programmeDayOffsetQuerySchema.optional(),
  language: messagingLanguageSchema.optional(),
  tobacco_type: z.enum([...TOBACCO_TYPES, 'any']).optional(),
});

export const programmeMessageResponseSchema = successEnvelope(programmeMessageSchema);
export const programmeMessagesResponseSchema = successEnvelope(z.array(programmeMessageSchema));

/** POST /admin/programme-messages/preview: a text filled with a sample member's figures. */
export const programmePreviewRequestSchema = z.object({
  text: programmeMessageRequestSchema.shape.text,
  day_offset: programmeDayOffsetSchema,
});
export const programmePreviewResponseSchema = successEnvelope(
  z.object({
    text: z.string(),
    length: z.number().int(),
    values: z.record(z.string(), z.string()),
  }),
);

export const deliveryFiguresQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(14),
});

export const deliveryDaySchema = z.object({
  /** IST date. */
  date: z.string(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  fell_back_to_sms: z.number().int(),
  replies: z.object({
    crave: z.number().int(),
    slip: z.number().int(),
    stop: z.number().int(),
    start: z.number().int(),
    other: z.number().int(),
  }),
  opt_outs: z.number().int(),
});
export type DeliveryDay = z.infer<typeof deliveryDaySchema>;
export const deliveryFiguresResponseSchema = successEnvelope(z.array(deliveryDaySchema));

/** GET /admin/channel-figures: configuration problems the console names plainly. */
export const CHANNEL_PROBLEMS = [
  /** WHATSAPP_PROVIDER=meta, and Meta never completed the webhook handshake. */
  'whatsapp_webhook_unverified',
  /** Meta answered 132001: a template is not registered (in some language). */
  'whatsapp_template_missing',
  /** SMS_PROVIDER=msg91 and some kinds have no MSG91_TEMPLATE_<KIND> (`detail` lists them). */
  'sms_template_missing',
  /** WEB_PUSH_SUBJECT is not set. */
  'push_subject_unset',
] as const;
export type ChannelProblem = (typeof CHANNEL_PROBLEMS)[number];

export const channelDaySchema = z.object({
  /** IST date the message was queued. */
  date: z.string(),
  channel: z.enum(['sms', 'whatsapp', 'push']),
  /** Handed to the provider. */
  sent: z.number().int(),
  /** The provider reported it delivered (or read). */
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  /** Never handed over (an SMS kind with no DLT template). */
  not_sent: z.number().int(),
  /** Why messages failed or were not sent, most frequent first. */
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type ChannelDay = z.infer<typeof channelDaySchema>;

/** One channel's cost this month: messages handed to the provider × the operator's price. */
export const channelCostSchema = z.object({
  channel: z.enum(['sms', 'whatsapp', 'push']),
  sent: z.number().int(),
  unit_price: z.number(),
  unit_price_paise: z.number().int(),
  estimate: z.number(),
  estimate_paise: z.number().int(),
});
export type ChannelCost = z.infer<typeof channelCostSchema>;

export const channelFiguresSchema = z.object({
  providers: z.object({ sms: z.string(), whatsapp: z.string() }),
  problems: z.array(z.object({ code: z.enum(CHANNEL_PROBLEMS), detail: z.string().nullable() })),
  days: z.array(channelDaySchema),
  /** The current IST month so far ('YYYY-MM'), priced per channel (SMS_PRICE_PAISE…). */
  month: z.object({
    month: z.string(),
    channels: z.array(channelCostSchema),
    total: z.number(),
    total_paise: z.number().int(),
  }),
});
export type ChannelFigures = z.infer<typeof channelFiguresSchema>;
export const channelFiguresResponseSchema = successEnvelope(channelFiguresSchema);

/** The channels an operator can send themselves a test on, from the console. */
export const TEST_CHANNELS = ['sms', 'whatsapp', 'push', 'email'] as const;
export type TestChannel = (typeof TEST_CHANNELS)[number];

/** POST /admin/channels/{channel}/test: what each message did, at once. */
export const channelTestSchema = z.object({
  channel: z.enum(TEST_CHANNELS),
  /** The provider that took it ('outbox' when none is configured: see /dev/outbox). */
  provider: z.string(),
  deliveries: z.array(
    z.object({
      /** Where it went, shortened: '••••••3210', 'Chrome on Android', 'a••••@example.com'. */
      to: z.string(),
      /** 'sent': the provider accepted it; 'not_sent': the provider cannot take it at all. */
      status: z.enum(['sent', 'failed', 'not_sent']),
      provider_message_id: z.string().nullable(),
      /** The provider's answer when it did not go, as the outbox recorded it. */
      error: z.string().nullable(),
    }),
  ),
});
export type ChannelTest = z.infer<typeof channelTestSchema>;
export const channelTestResponseSchema = successEnvelope(channelTestSchema);
