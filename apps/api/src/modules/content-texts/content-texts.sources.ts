import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { TranslatableEntity } from '@exhale/contract/content-texts';
import type { Executor } from '../../db/client';
import { plans } from '../../db/schema/money';
import { lessons, questions } from '../../db/schema/programme';

/** One translatable field of a row, with its English as stored. */
export interface SourceField {
  field: string;
  english: string;
}

export interface SourceItem {
  id: string;
  label: string;
  fields: SourceField[];
}

/**
 * Where each translatable entity's English lives, and how it is paged: the one place that knows
 * the tables. A table added later (the programme's messages carry a row per language already and
 * need none) is one more entry here and in TRANSLATABLE_ENTITIES.
 */
interface Source {
  count(db: Executor): Promise<number>;
  page(db: Executor, offset: number, limit: number): Promise<SourceItem[]>;
  one(db: Executor, id: string): Promise<SourceItem | undefined>;
}

type QuestionRow = typeof questions.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

const nonBlank = (fields: SourceField[]) => fields.filter((f) => f.english.trim() !== '');

function questionItem(row: QuestionRow): SourceItem {
  const label =
    row.event !== null
      ? `SIM test ${row.event + 1} · ${row.position}`
      : `${row.route ?? ''} · ${row.position}`;
  return {
    id: row.id,
    label,
    fields: nonBlank([
      { field: 'question', english: row.question },
      ...row.options.map((o) => ({ field: `options.${o.id}`, english: o.value })),
    ]),
  };
}

function lessonItem(row: LessonRow): SourceItem {
  return {
    id: row.id,
    label: `${row.isPaid ? 'Premium' : 'Free'} · day ${row.day} · ${row.videoOrder}`,
    fields: nonBlank([
      { field: 'title', english: row.title },
      { field: 'content', english: row.content },
    ]),
  };
}

function planItem(row: PlanRow): SourceItem {
  return {
    id: row.id,
    label: row.code,
    fields: nonBlank([
      { field: 'name', english: row.name },
      { field: 'description', english: row.description },
      ...row.features.map((feature, index) => ({ field: `features.${index}`, english: feature })),
    ]),
  };
}

const total = async (db: Executor, table: typeof questions | typeof lessons | typeof plans) => {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

export const SOURCES: Record<TranslatableEntity, Source> = {
  questions: {
    count: (db) => total(db, questions),
    // SIM statements first (test by test), then each exercise's questions.
    page: async (db, offset, limit) =>
      (
        await db
          .select()
          .from(questions)
          .orderBy(
            sql`${questions.event} IS NULL`,
            asc(questions.event),
            asc(questions.route),
            asc(questions.position),
            asc(questions.id),
          )
          .offset(offset)
          .limit(limit)
      ).map(questionItem),
    one: async (db, id) => {
      const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
      return row && questionItem(row);
    },
  },
  lessons: {
    count: (db) => total(db, lessons),
    page: async (db, offset, limit) =>
      (
        await db
          .select()
          .from(lessons)
          .orderBy(asc(lessons.isPaid), asc(lessons.day), asc(lessons.videoOrder), asc(lessons.id))
          .offset(offset)
          .limit(limit)
      ).map(lessonItem),
    one: async (db, id) => {
      const [row] = await db.select().from(lessons).where(eq(lessons.id, id)).limit(1);
      return row && lessonItem(row);
    },
  },
  plans: {
    count: (db) => total(db, plans),
    page: async (db, offset, limit) =>
      (
        await db
          .select()
          .from(plans)
          .orderBy(desc(plans.active), asc(plans.pricePaise), asc(plans.id))
          .offset(offset)
          .limit(limit)
      ).map(planItem),
    one: async (db, id) => {
      const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
      return row && planItem(row);
    },
  },
};
