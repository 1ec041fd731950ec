import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import { lessons, questions, type LessonCatalogueRow } from '../../db/schema/programme';

export type NewLesson = typeof lessons.$inferInsert;

export class AdminLessonsRepository {
  constructor(private readonly db: Executor) {}

  /** Held until the transaction ends: one operator at a time moves lessons around. */
  async lockCatalogueOrder(): Promise<void> {
    await this.db.execute(
      sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.lessonCatalogueOrder})`,
    );
  }

  /** The whole catalogue, retired lessons included, in programme order per track. */
  listAll(): Promise<LessonCatalogueRow[]> {
    return this.db
      .select()
      .from(lessons)
      .orderBy(asc(lessons.isPaid), asc(lessons.day), asc(lessons.videoOrder), asc(lessons.id));
  }

  async findById(id: string): Promise<LessonCatalogueRow | undefined> {
    const [row] = await this.db.select().from(lessons).where(eq(lessons.id, id)).limit(1);
    return row;
  }

  async insert(values: NewLesson): Promise<LessonCatalogueRow> {
    const [row] = await this.db.insert(lessons).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<NewLesson>): Promise<LessonCatalogueRow> {
    const [row] = await this.db.update(lessons).set(values).where(eq(lessons.id, id)).returning();
    return row!;
  }

  /** The lessons of one track and day (retired ones too), in their order. */
  inDay(isPaid: boolean, day: number): Promise<LessonCatalogueRow[]> {
    return this.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.isPaid, isPaid), eq(lessons.day, day)))
      .orderBy(asc(lessons.videoOrder), asc(lessons.createdAt), asc(lessons.id));
  }

  async setOrder(id: string, videoOrder: number): Promise<void> {
    await this.db.update(lessons).set({ videoOrder }).where(eq(lessons.id, id));
  }

  /** Whether an exercise route has questions (a lesson must not open an empty exercise). */
  async routeHasQuestions(route: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(isNotNull(questions.route), eq(questions.route, route)))
      .limit(1);
    return row !== undefined;
  }

  /** Lessons that open `route`, after viewing or inside the video. */
  lessonsUsingRoute(route: string) {
    return this.db
      .select({ id: lessons.id, title: lessons.title })
      .from(lessons)
      .where(
        or(
          eq(lessons.route, route),
          sql`${lessons.exercises} @> ${JSON.stringify([{ route }])}::jsonb`,
        ),
      );
  }
}
