import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every backup attempt, scheduled or by `npm run backup`: the console shows the newest good one
 * and the alert job reads failures and age from here (issue 20, decision 050).
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['ok', 'failed'] }).notNull(),
    /** 'schedule' (the worker) or 'command' (npm run backup). */
    trigger: text('trigger', { enum: ['schedule', 'command'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** Where the file is: a path under DATA_DIR or s3://bucket/backups/…; null when it failed. */
    location: text('location'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [index('backup_runs_finished_at_idx').on(t.finishedAt.desc())],
);

/** One row per alert sent to the admins (a failed run, a stale newest backup): never twice. */
export const backupAlerts = pgTable('backup_alerts', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BackupRunRow = typeof backupRuns.$inferSelect;
