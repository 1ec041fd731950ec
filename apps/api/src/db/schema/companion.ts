import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CRAVING_SOURCES, CRAVING_TRIGGERS } from '@exhale/contract/cravings';
import type { TobaccoType } from '@exhale/contract/quit-plan';
import { users } from './users';

/** Issue 14, the quit companion. Every row belongs to one member and goes with their account. */

/** One tobacco of a plan as stored: money in paise, like every amount in the database. */
export type QuitPlanTobaccoRecord = {
  type: TobaccoType;
  per_day: number;
  cost_per_day_paise: number;
};

/** One quit plan per member; changing the quit date later keeps the log. */
export const quitPlans = pgTable(
  'quit_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique('quit_plans_user_id_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    quitDate: date('quit_date', { mode: 'string' }).notNull(),
    /**
     * When the member set the current quit date: a follow-up due before then never opens, so a
     * quit date set in the past cannot open a late follow-up at once.
     */
    quitDateSetAt: timestamp('quit_date_set_at', { withTimezone: true }).notNull().defaultNow(),
    /** 1–4 kinds, the first one prices a slip logged without a kind (API.md "Counting"). */
    tobacco: jsonb('tobacco').$type<QuitPlanTobaccoRecord[]>().notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /*
     * The member's slips since the quit date, reduced to what the progress needs (decision 066):
     * kept by the database itself (triggers of migration 0018 on `cravings` and on this table),
     * never written by the API, so `GET /quit-plan/progress` reads one row however long the log.
     */
    slipCount: integer('slip_count').notNull().default(0),
    /** Units per tobacco type; a slip logged without a type is under the plan's first type. */
    slipUnits: jsonb('slip_units')
      .$type<Partial<Record<TobaccoType, number>>>()
      .notNull()
      .default({}),
    /** The IST day number (days since 1970-01-01 IST) of the first slip, or null. */
    firstSlipDay: integer('first_slip_day'),
    /** The latest slip as logged (it may lie after now: a 'used' check-in records 21:00 IST). */
    lastSlipAt: timestamp('last_slip_at', { withTimezone: true }),
    /** The largest number of IST days between two consecutive slips. */
    maxSlipGapDays: integer('max_slip_gap_days').notNull().default(0),
    /**
     * The smoke-free runs that ended in a slip and lasted longer than every run before them, as
     * [start, end] ISO instants (the first starts at 00:00 IST of the quit date): enough to say
     * when each milestone was first reached before the current run (decision 080).
     */
    recordRuns: jsonb('record_runs').$type<[string, string][]>().notNull().default([]),
  },
  // The reminders find plans whose milestones or follow-ups fall due by quit date.
  (t) => [index('quit_plans_quit_date_idx').on(t.quitDate)],
);

export type QuitPlanRow = typeof quitPlans.$inferSelect;

/**
 * The craving and slip log. `source` 'check_in' rows are the slips a 'used' check-in recorded
 * (one per date, `check_in_date` set), 'message' rows a SLIP sent by WhatsApp or SMS; neither
 * carries an intensity or a trigger.
 */
export const cravings = pgTable(
  'cravings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    intensity: smallint('intensity'),
    trigger: text('trigger', { enum: CRAVING_TRIGGERS }),
    outcome: text('outcome', { enum: ['resisted', 'slipped'] }).notNull(),
    units: smallint('units'),
    tobaccoType: text('tobacco_type').$type<TobaccoType>(),
    note: text('note'),
    /** The client's id of an offline submission: a retry with the same id is stored once. */
    clientId: uuid('client_id'),
    source: text('source', { enum: CRAVING_SOURCES }).notNull().default('craving'),
    checkInDate: date('check_in_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list (newest first, keyset cursor) and the summary over a range.
    index('cravings_user_at_idx').on(t.userId, t.at.desc(), t.id.desc()),
    // The progress aggregate reads slips only.
    index('cravings_user_slips_idx')
      .on(t.userId, t.at)
      .where(sql`${t.outcome} = 'slipped'`),
    uniqueIndex('cravings_user_client_id_key')
      .on(t.userId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
    uniqueIndex('cravings_user_check_in_date_key')
      .on(t.userId, t.checkInDate)
      .where(sql`${t.checkInDate} IS NOT NULL`),
    check(
      'cravings_intensity_range',
      sql`${t.intensity} IS NULL OR ${t.intensity} BETWEEN 1 AND 5`,
    ),
    check('cravings_units_range', sql`${t.units} IS NULL OR ${t.units} BETWEEN 1 AND 100`),
    check('cravings_slip_has_units', sql`(${t.outcome} = 'slipped') = (${t.units} IS NOT NULL)`),
  ],
);

export type CravingRow = typeof cravings.$inferSelect;

/** The daily check-in: one per member and IST date; a second answer replaces the first. */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    used: boolean('used').notNull(),
    units: smallint('units'),
    mood: smallint('mood').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('check_ins_user_date_key').on(t.userId, t.date),
    check('check_ins_mood_range', sql`${t.mood} BETWEEN 1 AND 5`),
  ],
);

export type CheckInRow = typeof checkIns.$inferSelect;

/** FTND / FTND-ST results of signed-in members (an anonymous test is scored, never stored). */
export const dependenceTests = pgTable(
  'dependence_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['smoking', 'smokeless'] }).notNull(),
    score: smallint('score').notNull(),
    level: text('level', { enum: ['very_low', 'low', 'medium', 'high', 'very_high'] }).notNull(),
    answers: jsonb('answers').$type<{ question_id: string; value: number }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dependence_tests_user_created_at_idx').on(t.userId, t.createdAt),
    check('dependence_tests_score_range', sql`${t.score} BETWEEN 0 AND 10`),
  ],
);

/**
 * Answers to the week 4, 12 and 26 follow-ups. Only answers are stored; when a follow-up is due
 * follows from the plan's current quit date.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The quit date this answer's follow-up was due for: a new quit date starts a new series, and
     * the answers of the old one stay with its cohort in the outcomes.
     */
    quitDate: date('quit_date', { mode: 'string' }).notNull(),
    week: smallint('week').notNull(),
    smokedLast7Days: boolean('smoked_last_7_days').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('follow_ups_user_quit_date_week_key').on(t.userId, t.quitDate, t.week),
    check('follow_ups_week_known', sql`${t.week} IN (4, 12, 26)`),
  ],
);

export type FollowUpRow = typeof followUps.$inferSelect;
