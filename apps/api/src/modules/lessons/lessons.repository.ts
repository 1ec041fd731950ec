import type { LessonStatus, LessonStatusUpdate } from '@exhale/contract/lessons';
import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lessonFeedback, lessons, userLessons } from '../../db/schema/programme';
import { users } from '../../db/schema/users';

const userLessonColumns = {
  id: userLessons.id,
  status: userLessons.status,
  pauseTime: userLessons.pauseTime,
  secondsViewed: userLessons.secondsViewed,
  isViewed: userLessons.isViewed,
  feedback: userLessons.feedback,
  completedAt: userLessons.completedAt,
  lessonId: lessons.id,
  title: lessons.title,
  content: lessons.content,
  day: lessons.day,
  videoOrder: lessons.videoOrder,
  source: lessons.source,
  thumbnailImg: lessons.thumbnailImg,
  totalDuration: lessons.totalDuration,
  isPaid: lessons.isPaid,
  type: lessons.type,
  route: lessons.route,
  exercises: lessons.exercises,
  captions: lessons.captions,
};

/** A user's lesson joined with its catalogue entry. */
export type UserLessonView = {
  id: string;
  status: LessonStatus;
  pauseTime: number;
  secondsViewed: number;
  isViewed: boolean;
  feedback: string | null;
  completedAt: Date | null;
  lessonId: string;
  title: string;
  content: string;
  day: number;
  videoOrder: number;
  source: string;
  thumbnailImg: string | null;
  totalDuration: number;
  isPaid: boolean;
  type: 'free' | 'score_explanation' | 'paid';
  route: string | null;
  exercises: { time: number; route: string }[];
  captions: string | null;
};

export class LessonsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Copies the catalogue's active lessons of one track (free or paid) to the user, skipping those
   * the user already has. New copies start locked; unlocking decides which one opens.
   */
  async copyCatalogue(userId: string, paid: boolean): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO ${userLessons} (${sql.identifier('user_id')}, ${sql.identifier('lesson_id')})
      SELECT ${userId}::uuid, ${lessons.id} FROM ${lessons}
      WHERE ${lessons.active} AND ${lessons.isPaid} = ${paid}
      ON CONFLICT DO NOTHING`);
  }

  /** The user's lessons of one track in programme order (day, video_order). */
  listTrack(userId: string, paid: boolean): Promise<UserLessonView[]> {
    return this.db
      .select(userLessonColumns)
      .from(userLessons)
      .innerJoin(lessons, eq(lessons.id, userLessons.lessonId))
      .where(
        and(eq(userLessons.userId, userId), eq(lessons.isPaid, paid), eq(lessons.active, true)),
      )
      .orderBy(asc(lessons.day), asc(lessons.videoOrder), asc(userLessons.id));
  }

  /** One of the user's lessons; another user's id finds nothing. */
  async findForUser(userLessonId: string, userId: string): Promise<UserLessonView | undefined> {
    const [row] = await this.db
      .select(userLessonColumns)
      .from(userLessons)
      .innerJoin(lessons, eq(lessons.id, userLessons.lessonId))
      .where(
        and(
          eq(userLessons.id, userLessonId),
          eq(userLessons.userId, userId),
          eq(lessons.active, true),
        ),
      )
      .limit(1);
    return row;
  }

  /** The programme's length: the highest day of the track's active lessons (0 when empty). */
  async totalDays(paid: boolean): Promise<number> {
    const [row] = await this.db
      .select({ days: max(lessons.day) })
      .from(lessons)
      .where(and(eq(lessons.active, true), eq(lessons.isPaid, paid)));
    return row?.days ?? 0;
  }

  async applyStatuses(updates: readonly LessonStatusUpdate[]): Promise<void> {
    for (const status of ['active', 'completed', 'inactive'] as const) {
      const ids = updates.filter((u) => u.status === status).map((u) => u.id);
      if (ids.length === 0) continue;
      await this.db
        .update(userLessons)
        .set({
          status,
          updatedAt: sql`now()`,
          ...(status === 'completed'
            ? { completedAt: sql`coalesce(${userLessons.completedAt}, now())` }
            : {}),
        })
        .where(and(inArray(userLessons.id, ids), ne(userLessons.status, status)));
    }
  }

  async setPauseTime(id: string, seconds: number): Promise<void> {
    await this.db
      .update(userLessons)
      .set({ pauseTime: seconds, updatedAt: sql`now()` })
      .where(eq(userLessons.id, id));
  }

  /** Only ever moves forward, even when two reports race. */
  async raiseSecondsViewed(id: string, seconds: number): Promise<void> {
    await this.db
      .update(userLessons)
      .set({
        secondsViewed: sql`greatest(${userLessons.secondsViewed}, ${seconds})`,
        updatedAt: sql`now()`,
      })
      .where(eq(userLessons.id, id));
  }

  /** Watched to the end: the player starts over next time and may seek anywhere. */
  async markViewed(id: string, totalDuration: number): Promise<void> {
    await this.db
      .update(userLessons)
      .set({
        isViewed: true,
        pauseTime: 0,
        secondsViewed: sql`greatest(${userLessons.secondsViewed}, ${totalDuration})`,
        updatedAt: sql`now()`,
      })
      .where(eq(userLessons.id, id));
  }

  async saveFeedback(input: { id: string; userId: string; text: string }): Promise<void> {
    await this.db
      .update(userLessons)
      .set({ feedback: input.text, updatedAt: sql`now()` })
      .where(eq(userLessons.id, input.id));
    await this.db
      .insert(lessonFeedback)
      .values({ userId: input.userId, userLessonId: input.id, text: input.text });
  }

  /** Keeps the stored programme day in step with the calendar, for the profile and the web. */
  async setCurrentDay(userId: string, day: number): Promise<void> {
    await this.db
      .update(users)
      .set({ currentDay: day, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), ne(users.currentDay, day)));
  }
}
