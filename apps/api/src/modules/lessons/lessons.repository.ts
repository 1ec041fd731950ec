import type { LessonStatus, LessonStatusUpdate } from '@exhale/contract/lessons';
import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import {
  lessonCatalogueVersion,
  lessonFeedback,
  lessons,
  userLessons,
} from '../../db/schema/programme';
import { videoRenditions, type RenditionRecord } from '../../db/schema/renditions';
import { sessions, users } from '../../db/schema/users';
import { isLiveSessionFromPlaceholders } from '../auth/live-session';

/** A lesson of the catalogue, as every read selects it. */
const catalogueColumns = {
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
  renditions: videoRenditions.renditions,
  audioKey: videoRenditions.audioKey,
};

/** A user's progress on their copy of a lesson. */
const progressColumns = {
  id: userLessons.id,
  status: userLessons.status,
  pauseTime: userLessons.pauseTime,
  secondsViewed: userLessons.secondsViewed,
  isViewed: userLessons.isViewed,
  feedback: userLessons.feedback,
  completedAt: userLessons.completedAt,
};

/** A user's copy of a lesson with the catalogue entry it is a copy of. */
const userLessonColumns = { ...progressColumns, ...catalogueColumns };

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
  /** The video's finished data-saver versions (decision 057); null while there are none. */
  renditions: RenditionRecord[] | null;
  audioKey: string | null;
};

/** A user's copy of a lesson: their progress on it. */
export type LessonCopy = Pick<
  UserLessonView,
  | 'id'
  | 'lessonId'
  | 'status'
  | 'pauseTime'
  | 'secondsViewed'
  | 'isViewed'
  | 'feedback'
  | 'completedAt'
>;

/** A lesson of the catalogue as users see it (without anyone's progress). */
export type CatalogueLesson = Omit<UserLessonView, keyof LessonCopy> & { lessonId: string };

/** The active lessons of both tracks at one catalogue version. */
export type Catalogue = { version: string; lessons: CatalogueLesson[] };

/**
 * What `GET /user-lesson` reads per request: the user's programme state, their copy of every
 * lesson they have (any track, in no order) and the catalogue version the read saw.
 */
export type ProgressSnapshot = {
  type: 'free' | 'premium';
  premiumSince: Date | null;
  storedCurrentDay: number;
  step: number;
  catalogueVersion: string;
  copies: LessonCopy[];
};

/** A lesson's video's renditions, once made (the join finds nothing before). */
const finishedRenditions = and(
  eq(videoRenditions.sourceKey, lessons.source),
  eq(videoRenditions.status, 'done'),
);

// Text: node-postgres reads a bigint as a string, and the version is only ever compared.
const catalogueVersion = sql<string>`(SELECT ${lessonCatalogueVersion.version}::text FROM ${lessonCatalogueVersion})`;

/** Reads on the pool itself (never inside a transaction), for the busiest page. */
export class LessonReads {
  constructor(private readonly db: Database) {}

  /**
   * The user's progress, read through their session: undefined unless the session is live (this
   * id, this user, not revoked, not expired), so the read is also the request's session check.
   * The catalogue is not joined in: callers keep it in memory by `catalogueVersion`.
   */
  async progressSnapshot(userId: string, sessionId: string): Promise<ProgressSnapshot | undefined> {
    const read = preparedRead(this.db, 'lessons_progress_snapshot', (db) => {
      const selection = {
        userType: users.type,
        premiumSince: users.premiumSince,
        storedCurrentDay: users.currentDay,
        step: users.step,
        catalogueVersion,
        lessonId: userLessons.lessonId,
        ...progressColumns,
      };
      const query = db
        .select(selection)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(userLessons, eq(userLessons.userId, users.id))
        .where(isLiveSessionFromPlaceholders());
      return { selection, query };
    });
    const rows = await read({ userId, sessionId });
    const first = rows[0];
    if (!first) return undefined;
    const copies: LessonCopy[] = [];
    for (const row of rows) {
      // A user without any lesson yet: one row, its user_lessons columns null.
      if (row.id !== null) copies.push(row as LessonCopy);
    }
    return {
      type: first.userType,
      premiumSince: first.premiumSince,
      storedCurrentDay: first.storedCurrentDay,
      step: first.step,
      catalogueVersion: first.catalogueVersion,
      copies,
    };
  }

  /** The active lessons of both tracks and, from the same snapshot, the catalogue version. */
  async catalogue(): Promise<Catalogue> {
    const rows = await this.db
      .select({
        version: sql<string>`${lessonCatalogueVersion.version}::text`,
        ...catalogueColumns,
      })
      .from(lessonCatalogueVersion)
      .leftJoin(lessons, sql`${lessons.active}`)
      .leftJoin(videoRenditions, finishedRenditions);
    const lessonsOfCatalogue: CatalogueLesson[] = [];
    for (const { version: _version, ...row } of rows) {
      if (row.lessonId !== null) lessonsOfCatalogue.push(row as CatalogueLesson);
    }
    return { version: rows[0]?.version ?? '', lessons: lessonsOfCatalogue };
  }
}

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
      .leftJoin(videoRenditions, finishedRenditions)
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
      .leftJoin(videoRenditions, finishedRenditions)
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
