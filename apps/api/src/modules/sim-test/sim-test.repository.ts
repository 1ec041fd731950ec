import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lessons, userLessons } from '../../db/schema/programme';
import { testAttempts } from '../../db/schema/sim';
import { users } from '../../db/schema/users';

export class SimTestRepository {
  constructor(private readonly db: Executor) {}

  listAttempts(userId: string) {
    return this.db
      .select({
        attempt: testAttempts.attempt,
        rawPoints: testAttempts.rawPoints,
        totalPoints: testAttempts.totalPoints,
        createdAt: testAttempts.createdAt,
      })
      .from(testAttempts)
      .where(eq(testAttempts.userId, userId))
      .orderBy(asc(testAttempts.attempt));
  }

  async latestAttempt(userId: string) {
    const [row] = await this.db
      .select({
        attempt: testAttempts.attempt,
        rawPoints: testAttempts.rawPoints,
        totalPoints: testAttempts.totalPoints,
      })
      .from(testAttempts)
      .where(eq(testAttempts.userId, userId))
      .orderBy(desc(testAttempts.attempt))
      .limit(1);
    return row;
  }

  /** True when the user has premium lessons and every one of them is completed. */
  async finishedPremiumProgramme(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        completed: sql<number>`count(*) FILTER (WHERE ${userLessons.status} = 'completed')::int`,
      })
      .from(userLessons)
      .innerJoin(lessons, eq(lessons.id, userLessons.lessonId))
      .where(
        and(eq(userLessons.userId, userId), eq(lessons.isPaid, true), eq(lessons.active, true)),
      );
    return !!row && row.total > 0 && row.completed === row.total;
  }

  /** The scored test moves the step and shows the new score on the profile. */
  async recordScore(userId: string, step: number, totalPoints: number): Promise<void> {
    await this.db
      .update(users)
      .set({ step, totalPoints, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
}
