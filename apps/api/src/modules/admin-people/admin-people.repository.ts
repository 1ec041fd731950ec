import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { plans, userPlans } from '../../db/schema/money';
import { lessonFeedback, lessons, userExercises, userLessons } from '../../db/schema/programme';
import { testAttempts } from '../../db/schema/sim';
import { users, type UserRow } from '../../db/schema/users';
import { containsPattern } from '../../db/like';

const userListColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  type: users.type,
  role: users.role,
  step: users.step,
  currentDay: users.currentDay,
  createdAt: users.createdAt,
};
export type UserListRow = { [K in keyof typeof userListColumns]: UserRow[K] };

export class AdminPeopleRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Users whose name, email or mobile contains `q` (case-insensitive), newest first. The
   * trigram indexes on the three columns serve the ILIKE.
   */
  async searchUsers(input: { q?: string; limit: number; offset: number }) {
    const where: SQL | undefined = input.q
      ? or(
          ilike(users.name, containsPattern(input.q)),
          ilike(users.email, containsPattern(input.q)),
          ilike(users.mobile, containsPattern(input.q)),
        )
      : undefined;
    const rows: UserListRow[] = await this.db
      .select(userListColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(input.limit)
      .offset(input.offset);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async findUser(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  attempts(userId: string) {
    return this.db
      .select()
      .from(testAttempts)
      .where(eq(testAttempts.userId, userId))
      .orderBy(asc(testAttempts.attempt));
  }

  /** The user's lesson copies with their catalogue entries, retired lessons included. */
  lessons(userId: string) {
    return this.db
      .select({
        id: userLessons.id,
        status: userLessons.status,
        isViewed: userLessons.isViewed,
        secondsViewed: userLessons.secondsViewed,
        completedAt: userLessons.completedAt,
        title: lessons.title,
        day: lessons.day,
        videoOrder: lessons.videoOrder,
        type: lessons.type,
        isPaid: lessons.isPaid,
        totalDuration: lessons.totalDuration,
        active: lessons.active,
      })
      .from(userLessons)
      .innerJoin(lessons, eq(lessons.id, userLessons.lessonId))
      .where(eq(userLessons.userId, userId))
      .orderBy(asc(lessons.isPaid), asc(lessons.day), asc(lessons.videoOrder));
  }

  exercises(userId: string) {
    return this.db
      .select({
        route: userExercises.route,
        answers: sql<number>`jsonb_array_length(${userExercises.answers})::int`,
        createdAt: userExercises.createdAt,
      })
      .from(userExercises)
      .where(eq(userExercises.userId, userId))
      .orderBy(asc(userExercises.createdAt));
  }

  /** The plan the user holds now, else the last one they had. */
  async latestPlan(userId: string) {
    const [row] = await this.db
      .select({ name: plans.name, status: userPlans.status, purchasedAt: userPlans.purchasedAt })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(eq(userPlans.userId, userId))
      .orderBy(asc(sql`${userPlans.status} = 'refunded'`), desc(userPlans.purchasedAt))
      .limit(1);
    return row;
  }

  // Roles ---------------------------------------------------------------------------------------

  /** Locks every admin row: two demotions at once cannot both see "another admin is left". */
  async lockAdmins(): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update');
    return rows.map((row) => row.id);
  }

  async setRole(id: string, role: UserRow['role']): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), ne(users.role, role)))
      .returning();
    return row;
  }

  // Feedback ------------------------------------------------------------------------------------

  private feedbackQuery() {
    return this.db
      .select({
        feedback: lessonFeedback,
        userName: users.name,
        userEmail: users.email,
        lessonTitle: lessons.title,
        lessonDay: lessons.day,
      })
      .from(lessonFeedback)
      .innerJoin(users, eq(users.id, lessonFeedback.userId))
      .innerJoin(userLessons, eq(userLessons.id, lessonFeedback.userLessonId))
      .innerJoin(lessons, eq(lessons.id, userLessons.lessonId));
  }

  async feedbackPage(input: { status: 'open' | 'replied' | 'all'; limit: number; offset: number }) {
    const where =
      input.status === 'open'
        ? isNull(lessonFeedback.repliedAt)
        : input.status === 'replied'
          ? isNotNull(lessonFeedback.repliedAt)
          : undefined;
    // Open questions oldest first (answer in turn); answered ones newest first.
    const order =
      input.status === 'open'
        ? [asc(lessonFeedback.createdAt), asc(lessonFeedback.id)]
        : [desc(lessonFeedback.createdAt), desc(lessonFeedback.id)];
    const rows = await this.feedbackQuery()
      .where(where)
      .orderBy(...order)
      .limit(input.limit)
      .offset(input.offset);
    const [total] = await this.db.select({ n: count() }).from(lessonFeedback).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  userFeedback(userId: string) {
    return this.feedbackQuery()
      .where(eq(lessonFeedback.userId, userId))
      .orderBy(desc(lessonFeedback.createdAt));
  }

  async findFeedbackForUpdate(id: string) {
    const [row] = await this.db
      .select()
      .from(lessonFeedback)
      .where(eq(lessonFeedback.id, id))
      .for('update');
    return row;
  }

  async findFeedback(id: string) {
    const [row] = await this.feedbackQuery().where(eq(lessonFeedback.id, id)).limit(1);
    return row;
  }

  async saveReply(id: string, reply: string, at: Date) {
    await this.db
      .update(lessonFeedback)
      .set({ reply, repliedAt: at })
      .where(eq(lessonFeedback.id, id));
  }
}

export type FeedbackListRow = NonNullable<
  Awaited<ReturnType<AdminPeopleRepository['findFeedback']>>
>;
