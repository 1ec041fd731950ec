import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './lib/repo-root';
import { parseCron } from './modules/backups/cron';
import { DEFAULT_COACH_HOURS, parseCoachHours } from './modules/coach/coach-hours';

/**
 * Every environment variable the API reads, parsed once at start. A bad value
 * stops the process with a list of every problem, not just the first, so an
 * operator fixes the whole `.env` in one go.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * Whether a secret looks random enough to sign sessions with: at least 32 characters (the schema
 * checks the length), at least 10 different ones, and about 128 bits by a character-frequency
 * (Shannon) estimate. A repeated character or a short word repeated fails; any
 * generated value (`openssl rand -hex 32`, `-base64 32`) passes.
 */
export function isStrongSecret(secret: string): boolean {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  if (counts.size < 10) return false;
  let bitsPerChar = 0;
  for (const n of counts.values()) {
    const p = n / secret.length;
    bitsPerChar -= p * Math.log2(p);
  }
  return bitsPerChar * secret.length >= 128;
}

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Public origin used in mailed links, e.g. https://exhale.example */
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * Where the embedded database and local uploads live. A relative path is taken from the
     * repository root, wherever the command runs (npm runs workspace scripts inside apps/api).
     */
    DATA_DIR: z
      .string()
      .default('./data')
      .transform((dir) => path.resolve(repoRoot(), dir)),
    /** Use an external PostgreSQL instead of the embedded one. */
    DATABASE_URL: optionalUrl,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
    /** PostgreSQL cancels a statement after this long (the request then answers 503). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** A statement gives up waiting for a row or table lock after this long (503 too). */
    DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
    /** Shared counters (rate limits, OTP attempts) across API processes. */
    REDIS_URL: optionalUrl,
    /** Put before every Redis key, so several deployments (or test runs) can share one Redis. */
    REDIS_KEY_PREFIX: z.string().trim().default(''),
    /** Signs access tokens. Generated and stored under DATA_DIR when unset outside production. */
    JWT_SECRET: optionalString.pipe(z.string().min(32).optional()),
    /** Comma-separated extra origins allowed to call the API from a browser. */
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url())),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    /** Per-IP requests per minute to each sign-in, code and reset endpoint. */
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
    TRUST_PROXY: booleanFlag,
    /** Serve the built web app from this folder (empty: API only). */
    WEB_DIST_DIR: optionalString,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Exhale <no-reply@exhale.example>'),
    SMS_PROVIDER: z.enum(['outbox', 'http', 'msg91']).default('outbox'),
    SMS_GATEWAY_URL: optionalUrl,
    SMS_GATEWAY_TOKEN: optionalString,
    /** MSG91's Flow API (SMS_PROVIDER=msg91): DLT-registered templates, one per message kind. */
    MSG91_API_URL: z.url().default('https://control.msg91.com'),
    MSG91_AUTH_KEY: optionalString,
    /** The `token` query parameter MSG91's delivery-report webhook URL carries. */
    MSG91_WEBHOOK_TOKEN: optionalString.pipe(z.string().min(16).optional()),
    /** MSG91 template ids (each bound to a DLT template id); a kind without one is not sent by SMS. */
    MSG91_TEMPLATE_OTP: optionalString,
    MSG91_TEMPLATE_PROGRAMME: optionalString,
    MSG91_TEMPLATE_REPLY: optionalString,
    MSG91_TEMPLATE_MILESTONE: optionalString,
    MSG91_TEMPLATE_CHECKIN_REMINDER: optionalString,
    MSG91_TEMPLATE_REMINDER: optionalString,
    MSG91_TEMPLATE_FOLLOW_UP: optionalString,
    MSG91_TEMPLATE_PAYMENT: optionalString,
    MSG91_TEMPLATE_REFUND: optionalString,
    MSG91_TEMPLATE_NOTICE: optionalString,
    MSG91_TEMPLATE_TEST: optionalString,
    MSG91_TEMPLATE_COACH_REPLY: optionalString,
    WHATSAPP_PROVIDER: z.enum(['outbox', 'http', 'meta']).default('outbox'),
    WHATSAPP_GATEWAY_URL: optionalUrl,
    WHATSAPP_GATEWAY_TOKEN: optionalString,
    /** The WhatsApp Business Cloud API (WHATSAPP_PROVIDER=meta). */
    WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
    WHATSAPP_PHONE_NUMBER_ID: optionalString.pipe(
      z.string().regex(/^\d+$/, 'the numeric phone number id from WhatsApp Manager').optional(),
    ),
    WHATSAPP_ACCESS_TOKEN: optionalString,
    /** The Meta app's secret: webhooks are signed with it (X-Hub-Signature-256). */
    WHATSAPP_APP_SECRET: optionalString,
    /** The word Meta's webhook handshake must repeat (hub.verify_token). */
    WHATSAPP_VERIFY_TOKEN: optionalString,
    /**
     * What one message costs, in whole paise, for the console's monthly estimate: MSG91's
     * transactional SMS with the DLT fee is about ₹0.25; Meta's utility and authentication
     * templates in India about ₹0.115 (free text inside the 24-hour window is free).
     */
    SMS_PRICE_PAISE: z.coerce.number().int().min(0).max(10_000).default(25),
    WHATSAPP_PRICE_PAISE: z.coerce.number().int().min(0).max(10_000).default(12),
    /**
     * Signs the SMS and WhatsApp gateways' inbound and status callbacks (X-Exhale-Signature).
     * Generated and stored under DATA_DIR when unset outside production.
     */
    MESSAGING_INBOUND_SECRET: optionalString.pipe(z.string().min(32).optional()),
    /**
     * The VAPID key pair Web Push is signed with (url-safe base64), both or neither; generated
     * and stored under DATA_DIR when unset.
     */
    WEB_PUSH_PUBLIC_KEY: optionalString,
    WEB_PUSH_PRIVATE_KEY: optionalString,
    /** Who push services write to about this server: `mailto:` or `https:`; production needs it. */
    WEB_PUSH_SUBJECT: optionalString.pipe(
      z
        .string()
        .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
        .optional(),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    /** Issuer and key set used to verify Google ID tokens (overridable for tests). */
    GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    /** Where an access token is exchanged for the user's profile (overridable for tests). */
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    /** Tells which client an access token was issued to, so another app's token is refused. */
    GOOGLE_TOKENINFO_URL: z.url().default('https://oauth2.googleapis.com/tokeninfo'),
    /** Required in production (no silent sandbox there); `sandbox` by default elsewhere. */
    PAYMENT_PROVIDER: optionalString.pipe(z.enum(['sandbox', 'razorpay']).optional()),
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
    /** The seller printed on GST tax invoices (copied into each invoice when it is issued). */
    SELLER_NAME: optionalString.transform((v) => v ?? 'Exhale Wellness Private Limited'),
    SELLER_ADDRESS: optionalString.transform(
      (v) =>
        v ?? '4th Floor, 27 Residency Road, Shanthala Nagar, Bengaluru, Karnataka 560025, India',
    ),
    /** 15-character GSTIN. Unset outside production: invoices show a placeholder GSTIN. */
    SELLER_GSTIN: optionalString
      .transform((v) => v?.toUpperCase())
      .pipe(
        z
          .string()
          .regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a 15-character GSTIN')
          .optional(),
      ),
    /** Two-digit GST state code of the seller (29 Karnataka); decides CGST+SGST versus IGST. */
    SELLER_STATE_CODE: z
      .string()
      .trim()
      .regex(/^[0-9]{2}$/, 'must be a two-digit GST state code')
      .default('29'),
    /** SAC of what is sold: 999293 commercial training and coaching services. */
    INVOICE_SAC: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'must be a six-digit SAC')
      .default('999293'),
    STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('ap-south-1'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    TRANSLATE_URL: optionalUrl,
    /** When the worker backs up the database: five cron fields on India's clock, or `off`. */
    BACKUP_CRON: z
      .string()
      .trim()
      .default('30 2 * * *')
      .superRefine((v, ctx) => {
        if (v === 'off') return;
        try {
          parseCron(v);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
      }),
    /** How many backup files to keep, newest first. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
    /** When coaches answer, IST: 'HH:MM-HH:MM Mon-Sat' (decision 089). */
    COACH_HOURS: z
      .string()
      .trim()
      .default(DEFAULT_COACH_HOURS)
      .superRefine((v, ctx) => {
        try {
          parseCoachHours(v);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
      }),
    /**
     * Bearer token a Prometheus scraper sends to GET /api/metrics. In production the endpoint is
     * off (404) without it; elsewhere it is open unless one is set.
     */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
    /** Demo accounts have a published password: on by default everywhere except production. */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'required in production' });
    }
    if (c.NODE_ENV === 'production' && c.JWT_SECRET && !isStrongSecret(c.JWT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'too predictable for production: use a random value, e.g. `openssl rand -hex 32`',
      });
    }
    if (c.NODE_ENV === 'production' && !c.MESSAGING_INBOUND_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['MESSAGING_INBOUND_SECRET'],
        message: 'required in production (signs the SMS and WhatsApp callbacks)',
      });
    }
    if (c.NODE_ENV === 'production' && !c.WEB_PUSH_SUBJECT) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_PUSH_SUBJECT'],
        message:
          'required in production: mailto:you@example.com or https://your.site (push services contact it about this server)',
      });
    }
    if (Boolean(c.WEB_PUSH_PUBLIC_KEY) !== Boolean(c.WEB_PUSH_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.WEB_PUSH_PUBLIC_KEY ? 'WEB_PUSH_PRIVATE_KEY' : 'WEB_PUSH_PUBLIC_KEY'],
        message: 'set both WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY, or neither',
      });
    }
    if (c.NODE_ENV === 'production' && !c.PAYMENT_PROVIDER) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'required in production: razorpay (or sandbox, which takes no money)',
      });
    }
    if (c.DATABASE_LOCK_TIMEOUT_MS > c.DATABASE_STATEMENT_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_LOCK_TIMEOUT_MS'],
        message: 'must not exceed DATABASE_STATEMENT_TIMEOUT_MS',
      });
    }
    if (c.NODE_ENV === 'production' && !c.PUBLIC_URL) {
      // Mailed links must not be built from a request's Host header, which a caller controls.
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required in production' });
    }
    if (c.NODE_ENV === 'production' && !c.SELLER_GSTIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['SELLER_GSTIN'],
        message: 'required in production (printed on every tax invoice)',
      });
    }
    if (c.SELLER_GSTIN && c.SELLER_GSTIN.slice(0, 2) !== c.SELLER_STATE_CODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['SELLER_STATE_CODE'],
        message: 'must equal the first two digits of SELLER_GSTIN',
      });
    }
    if (c.PAYMENT_PROVIDER === 'razorpay') {
      for (const key of [
        'RAZORPAY_KEY_ID',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
      ] as const) {
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'required when PAYMENT_PROVIDER=razorpay',
          });
      }
    }
    if (c.STORAGE_PROVIDER === 's3') {
      for (const key of [
        'S3_ENDPOINT',
        'S3_BUCKET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ] as const) {
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'required when STORAGE_PROVIDER=s3',
          });
      }
    }
    if (c.SMS_PROVIDER === 'http' && !c.SMS_GATEWAY_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_GATEWAY_URL'],
        message: 'required when SMS_PROVIDER=http',
      });
    }
    if (c.WHATSAPP_PROVIDER === 'http' && !c.WHATSAPP_GATEWAY_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WHATSAPP_GATEWAY_URL'],
        message: 'required when WHATSAPP_PROVIDER=http',
      });
    }
    if (c.WHATSAPP_PROVIDER === 'meta') {
      for (const key of [
        'WHATSAPP_PHONE_NUMBER_ID',
        'WHATSAPP_ACCESS_TOKEN',
        'WHATSAPP_APP_SECRET',
        'WHATSAPP_VERIFY_TOKEN',
      ] as const) {
        if (!c[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'required when WHATSAPP_PROVIDER=meta',
          });
        }
      }
    }
    if (c.SMS_PROVIDER === 'msg91') {
      for (const key of ['MSG91_AUTH_KEY', 'MSG91_WEBHOOK_TOKEN', 'MSG91_TEMPLATE_OTP'] as const) {
        if (!c[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'required when SMS_PROVIDER=msg91',
          });
        }
      }
    }
  });

type ParsedEnv = z.infer<typeof configSchema>;
export type RawConfig = Omit<ParsedEnv, 'SEED_DEMO' | 'PAYMENT_PROVIDER'> & {
  SEED_DEMO: boolean;
  PAYMENT_PROVIDER: 'sandbox' | 'razorpay';
};
export type Config = RawConfig & { JWT_SECRET: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): RawConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  return {
    ...result.data,
    SEED_DEMO: result.data.SEED_DEMO ?? result.data.NODE_ENV !== 'production',
    PAYMENT_PROVIDER: result.data.PAYMENT_PROVIDER ?? 'sandbox',
  };
}
