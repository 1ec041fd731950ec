import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GENDERS } from '@exhale/contract/auth';
import { LANGUAGES } from '@exhale/contract/languages';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lowercased; uniqueness is enforced by the index below. */
    email: text('email').notNull(),
    mobile: text('mobile'),
    /** The spec's "dob" is an age in years. */
    dob: integer('dob'),
    gender: text('gender', { enum: GENDERS }),
    passwordHash: text('password_hash'),
    profileImage: text('profile_image'),
    whatsappNo: text('whatsapp_no'),
    googleSub: text('google_sub'),
    /**
     * When the email address was proved to belong to the account's holder: a link or code mailed
     * to it was used, or a verified Google credential for it arrived. Null until then, and again
     * after the address changes (decision 035).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * When the mobile number was proved to be the member's: a code sent to it by SMS was entered
     * (an OTP sign-in by mobile or the settings' verify step). Null until then, and again after
     * the number changes (decision 078). Programme SMS and inbound replies need it.
     */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    type: text('type', { enum: ['free', 'premium'] })
      .notNull()
      .default('free'),
    role: text('role', { enum: ['user', 'coach', 'admin'] })
      .notNull()
      .default('user'),
    step: integer('step').notNull().default(0),
    currentDay: integer('current_day').notNull().default(0),
    totalPoints: integer('total_points').notNull().default(0),
    /** The member's 'Data saver' setting: lessons play their small rendition (decision 057). */
    dataSaver: boolean('data_saver').notNull().default(false),
    /**
     * The account's language (decision 065): the UI language at sign-up, then whatever the member
     * switches to. Mails, SMS/WhatsApp texts and printed documents are written in it.
     */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /**
     * When the account's language was last set by the member (decision 068): at sign-up, by the
     * language switcher, or once from the device's UI language. Null for accounts from before
     * migration 0017 still on its default, which the web then sets once from the UI language.
     */
    languageSetAt: timestamp('language_set_at', { withTimezone: true }),
    /** When premium began; current_day is derived from it in IST calendar days. */
    premiumSince: timestamp('premium_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_whatsapp_no_key').on(t.whatsappNo),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_created_at_idx').on(t.createdAt),
    // The admin console's user search (ILIKE '%…%' on name, email, mobile) uses these trigram
    // indexes; the migration creates the pg_trgm extension first.
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
    check('users_step_check', sql`${t.step} >= 0`),
    check(
      'users_language_check',
      sql.raw(`language in (${LANGUAGES.map((code) => `'${code}'`).join(', ')})`),
    ),
  ],
);

/**
 * One row per signed-in device. Access tokens carry the session id, so
 * revoking the row (logout, password change, deletion) ends that token
 * everywhere, on every API process.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
