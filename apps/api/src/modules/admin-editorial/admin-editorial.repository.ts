import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  blogs,
  newsItems,
  quizOptions,
  quizQuestions,
  quizRegistrations,
  quizSets,
  quizzes,
  type BlogRow,
  type NewsItemRow,
} from '../../db/schema/content';

export type NewBlog = typeof blogs.$inferInsert;
export type NewNews = typeof newsItems.$inferInsert;

export class AdminEditorialRepository {
  constructor(private readonly db: Executor) {}

  // Blogs ---------------------------------------------------------------------------------------

  listBlogs(): Promise<BlogRow[]> {
    return this.db.select().from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id));
  }

  async findBlog(id: string): Promise<BlogRow | undefined> {
    const [row] = await this.db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
    return row;
  }

  async insertBlog(values: NewBlog): Promise<BlogRow> {
    const [row] = await this.db.insert(blogs).values(values).returning();
    return row!;
  }

  async updateBlog(id: string, values: Partial<NewBlog>): Promise<BlogRow> {
    const [row] = await this.db
      .update(blogs)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(blogs.id, id))
      .returning();
    return row!;
  }

  async deleteBlog(id: string) {
    await this.db.delete(blogs).where(eq(blogs.id, id));
  }

  // News ----------------------------------------------------------------------------------------

  listNews(): Promise<NewsItemRow[]> {
    return this.db.select().from(newsItems).orderBy(desc(newsItems.createdAt), desc(newsItems.id));
  }

  async findNews(id: string): Promise<NewsItemRow | undefined> {
    const [row] = await this.db.select().from(newsItems).where(eq(newsItems.id, id)).limit(1);
    return row;
  }

  async insertNews(values: NewNews): Promise<NewsItemRow> {
    const [row] = await this.db.insert(newsItems).values(values).returning();
    return row!;
  }

  async updateNews(id: string, values: Partial<NewNews>): Promise<NewsItemRow> {
    const [row] = await this.db
      .update(newsItems)
      .set(values)
      .where(eq(newsItems.id, id))
      .returning();
    return row!;
  }

  async deleteNews(id: string) {
    await this.db.delete(newsItems).where(eq(newsItems.id, id));
  }

  // Quiz sets -----------------------------------------------------------------------------------

  /** Every set with its number of quizzes, questions and registrations, newest first. */
  listQuizSets() {
    return this.db
      .select({
        set: quizSets,
        // Written out: in a one-table select drizzle leaves columns unqualified.
        quizzes: sql<number>`(SELECT count(*)::int FROM quizzes q WHERE q.set_id = "quiz_sets"."id")`,
        questions: sql<number>`(SELECT count(*)::int FROM quiz_questions qq JOIN quizzes q ON q.id = qq.quiz_id WHERE q.set_id = "quiz_sets"."id")`,
        registrations: sql<number>`(SELECT count(*)::int FROM quiz_registrations r WHERE r.set_id = "quiz_sets"."id")`,
      })
      .from(quizSets)
      .orderBy(desc(quizSets.createdAt), desc(quizSets.id));
  }

  async findQuizSet(id: string) {
    const [row] = await this.db.select().from(quizSets).where(eq(quizSets.id, id)).limit(1);
    return row;
  }

  async lockQuizSet(id: string) {
    const [row] = await this.db.select().from(quizSets).where(eq(quizSets.id, id)).for('update');
    return row;
  }

  async registrationCount(setId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(quizRegistrations)
      .where(eq(quizRegistrations.setId, setId));
    return row?.n ?? 0;
  }

  async insertQuizSet(values: { title: string; description: string | null }) {
    const [row] = await this.db.insert(quizSets).values(values).returning();
    return row!;
  }

  async updateQuizSet(id: string, values: { title: string; description: string | null }) {
    await this.db.update(quizSets).set(values).where(eq(quizSets.id, id));
  }

  async deleteQuizSet(id: string) {
    await this.db.delete(quizSets).where(eq(quizSets.id, id));
  }

  quizIdsOf(setId: string) {
    return this.db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.setId, setId));
  }

  questionIdsOf(quizId: string) {
    return this.db
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quizId));
  }

  optionIdsOf(questionId: string) {
    return this.db
      .select({ id: quizOptions.id })
      .from(quizOptions)
      .where(eq(quizOptions.questionId, questionId));
  }

  async deleteQuizzes(ids: string[]) {
    if (ids.length > 0) await this.db.delete(quizzes).where(inArray(quizzes.id, ids));
  }

  async deleteQuestions(ids: string[]) {
    if (ids.length > 0) await this.db.delete(quizQuestions).where(inArray(quizQuestions.id, ids));
  }

  async deleteOptions(ids: string[]) {
    if (ids.length > 0) await this.db.delete(quizOptions).where(inArray(quizOptions.id, ids));
  }

  // Positions are unique within their parent: kept rows first step aside (negative), then every
  // row takes its final place.
  async parkQuizzes(ids: string[]) {
    for (const [i, id] of ids.entries()) {
      await this.db
        .update(quizzes)
        .set({ position: -(i + 1) })
        .where(eq(quizzes.id, id));
    }
  }

  async parkQuestions(ids: string[]) {
    for (const [i, id] of ids.entries()) {
      await this.db
        .update(quizQuestions)
        .set({ position: -(i + 1) })
        .where(eq(quizQuestions.id, id));
    }
  }

  async parkOptions(ids: string[]) {
    for (const [i, id] of ids.entries()) {
      await this.db
        .update(quizOptions)
        .set({ position: -(i + 1) })
        .where(eq(quizOptions.id, id));
    }
  }

  async saveQuiz(values: {
    id?: string;
    setId: string;
    position: number;
    title: string | null;
    description: string | null;
  }): Promise<string> {
    const { id, ...rest } = values;
    if (id) {
      await this.db.update(quizzes).set(rest).where(eq(quizzes.id, id));
      return id;
    }
    const [row] = await this.db.insert(quizzes).values(rest).returning({ id: quizzes.id });
    return row!.id;
  }

  async saveQuestion(values: {
    id?: string;
    quizId: string;
    position: number;
    question: string;
  }): Promise<string> {
    const { id, ...rest } = values;
    if (id) {
      await this.db.update(quizQuestions).set(rest).where(eq(quizQuestions.id, id));
      return id;
    }
    const [row] = await this.db
      .insert(quizQuestions)
      .values(rest)
      .returning({ id: quizQuestions.id });
    return row!.id;
  }

  async saveOption(values: {
    id?: string;
    questionId: string;
    position: number;
    option: string;
    isCorrect: boolean;
  }): Promise<void> {
    const { id, ...rest } = values;
    if (id) await this.db.update(quizOptions).set(rest).where(eq(quizOptions.id, id));
    else await this.db.insert(quizOptions).values(rest);
  }

  registrations(setId: string) {
    return this.db
      .select()
      .from(quizRegistrations)
      .where(eq(quizRegistrations.setId, setId))
      .orderBy(asc(quizRegistrations.createdAt), asc(quizRegistrations.id));
  }
}
