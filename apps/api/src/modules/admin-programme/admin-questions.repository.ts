import { and, asc, count, eq, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { questions, type QuestionRow } from '../../db/schema/programme';

export type QuestionGroup = { event: number } | { route: string };
export type NewQuestion = typeof questions.$inferInsert;

function inGroup(group: QuestionGroup): SQL {
  return 'event' in group ? eq(questions.event, group.event) : eq(questions.route, group.route);
}

export class AdminQuestionsRepository {
  constructor(private readonly db: Executor) {}

  /** One SIM event's statements or one exercise's questions, in the order they are asked. */
  list(group: QuestionGroup): Promise<QuestionRow[]> {
    return this.db
      .select()
      .from(questions)
      .where(inGroup(group))
      .orderBy(asc(questions.position), asc(questions.id));
  }

  /** Locks the group's rows until the transaction ends, so positions are handed out once. */
  async lockGroup(group: QuestionGroup): Promise<void> {
    const key = 'event' in group ? `event:${group.event}` : `route:${group.route}`;
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`questions:${key}`}))`);
  }

  async findById(id: string): Promise<QuestionRow | undefined> {
    const [row] = await this.db.select().from(questions).where(eq(questions.id, id)).limit(1);
    return row;
  }

  async nextPosition(group: QuestionGroup): Promise<number> {
    const [row] = await this.db
      .select({ last: max(questions.position) })
      .from(questions)
      .where(inGroup(group));
    return (row?.last ?? 0) + 1;
  }

  async insert(values: NewQuestion): Promise<QuestionRow> {
    const [row] = await this.db.insert(questions).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<NewQuestion>): Promise<QuestionRow> {
    const [row] = await this.db
      .update(questions)
      .set(values)
      .where(eq(questions.id, id))
      .returning();
    return row!;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(questions).where(eq(questions.id, id));
  }

  /**
   * Gives the listed questions positions 1, 2, 3, ... Positions are unique per group, so they
   * first move out of the way (negative), then to their places.
   */
  async setPositions(ids: readonly string[]): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await this.db
        .update(questions)
        .set({ position: -(index + 1) })
        .where(eq(questions.id, id));
    }
    for (const [index, id] of ids.entries()) {
      await this.db
        .update(questions)
        .set({ position: index + 1 })
        .where(eq(questions.id, id));
    }
  }

  /** Every exercise route with how many questions it has. */
  routes() {
    return this.db
      .select({ route: questions.route, questions: count() })
      .from(questions)
      .where(and(isNotNull(questions.route)))
      .groupBy(questions.route)
      .orderBy(asc(questions.route));
  }
}
