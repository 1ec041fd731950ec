import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every write an operator makes through the admin console: who, what, on which row, and the row
 * before and after. Written in the same transaction as the change (admin-audit/audit.ts), so a
 * change and its record commit or roll back together. `admin_id` is SET NULL if the operator's
 * account is erased: the record of what happened outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'create', 'update', 'delete', 'reorder', 'approve', 'reject', 'reply', 'notify', ... */
    action: text('action').notNull(),
    /** The table-like thing changed: 'lesson', 'question', 'plan', 'coupon', 'refund', 'user', ... */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);

/**
 * Files operators uploaded through the console. Lessons and other content may only point at a
 * key listed here, and a video's duration is the one the server read from the file (its MP4
 * `mvhd` box), never a number the browser sent.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    key: text('key').primaryKey(),
    kind: text('kind', { enum: ['video', 'image'] }).notNull(),
    /** Whole seconds, rounded; only for videos. */
    durationSeconds: integer('duration_seconds'),
    bytes: integer('bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'media_uploads_duration_check',
      sql`(${t.kind} = 'video') = (${t.durationSeconds} IS NOT NULL)`,
    ),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type MediaUploadRow = typeof mediaUploads.$inferSelect;
