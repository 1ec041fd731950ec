import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Operators' translations of database text (decision 064): one row per entity, field and language,
 * e.g. ('questions', <id>, 'question', 'ta'). `source_hash` is the hash of the English the text was
 * written for, so a translation is only served while the English it translates is unchanged, and
 * POST /translate finds it by the English text it is asked about.
 */
export const contentTexts = pgTable(
  'content_texts',
  {
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    field: text('field').notNull(),
    language: text('language').notNull(),
    text: text('text').notNull(),
    sourceHash: text('source_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.entity, t.entityId, t.field, t.language] }),
    index('content_texts_source_idx').on(t.sourceHash, t.language),
  ],
);

export type ContentTextRow = typeof contentTexts.$inferSelect;
