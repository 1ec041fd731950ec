import { premiumCurrentDay } from '@exhale/contract/ist';
import {
  canOpenDay,
  lessonUpdatesAfterView,
  pendingUnlocks,
  type LessonRow,
} from '@exhale/contract/lessons';
import { dayLockedMessage, DAY_LOCKED_CODE, Messages } from '@exhale/contract/messages';
import {
  viewedLessonKind,
  type UserLesson,
  type UserLessonUpdateRequest,
} from '@exhale/contract/programme';
import { Step, stepAfterLessonViewed } from '@exhale/contract/steps';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { StorageProvider } from '../../providers/storage/storage';
import { UsersRepository } from '../users/users.repository';
import { LessonsRepository, type UserLessonView } from './lessons.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const lessonNotFound = () =>
  new AppError(404, Messages.LESSON_NOT_FOUND.code, Messages.LESSON_NOT_FOUND.message);
const lessonLocked = () =>
  forbidden(Messages.LESSON_LOCKED_PLAYER.message, Messages.LESSON_LOCKED_PLAYER.code);
const takeTestFirst = () =>
  forbidden(Messages.TAKE_TEST_FIRST.message, Messages.TAKE_TEST_FIRST.code);

/** Absolute and root-relative values are URLs already; anything else is a storage key. */
export function mediaUrl(storage: Pick<StorageProvider, 'publicUrl'>, value: string): string {
  return /^(https?:)?\/\//.test(value) || value.startsWith('/') ? value : storage.publicUrl(value);
}

function toRow(view: UserLessonView): LessonRow & { type: UserLessonView['type'] } {
  return {
    id: view.id,
    day: view.day,
    video_order: view.videoOrder,
    status: view.status,
    type: view.type,
  };
}

/**
 * Copies the paid programme to a buyer and opens its first lesson. The purchase transaction calls
 * this, so a paid order and the lessons it bought are committed together. Idempotent.
 */
export async function grantPremiumLessons(tx: Executor, userId: string): Promise<void> {
  const repository = new LessonsRepository(tx);
  await repository.copyCatalogue(userId, true);
  // Day 1 is open on the day of purchase, whatever premium_since says yet.
  const rows = await repository.listTrack(userId, true);
  await repository.applyStatuses(pendingUnlocks(rows.map(toRow), 1));
}

export interface LessonList {
  lessons: UserLesson[];
  totalDays: number;
  currentDay: number | null;
}

/**
 * A user's lessons: free users follow the free track (free lessons, then the score explanation),
 * premium users the paid day-by-day programme. Rows are copied from the catalogue on first read,
 * so new catalogue lessons reach existing users too.
 */
export class LessonsService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      storage: Pick<StorageProvider, 'publicUrl'>;
    },
  ) {}

  toUserLesson(view: UserLessonView): UserLesson {
    const { storage } = this.deps;
    return {
      _id: view.id,
      status: view.status,
      isActive: view.status,
      pause_time: view.pauseTime,
      seconds_viewed: view.secondsViewed,
      is_viewed: view.isViewed,
      feedback: view.feedback,
      completed_at: view.completedAt ? view.completedAt.toISOString() : null,
      exercises: view.exercises.map((e) => ({ time: e.time, route: e.route })),
      lesson_details: {
        title: view.title,
        content: view.content,
        day: view.day,
        video_order: view.videoOrder,
        source: mediaUrl(storage, view.source),
        thumbnail_img: view.thumbnailImg ? mediaUrl(storage, view.thumbnailImg) : null,
        total_duration: view.totalDuration,
        is_paid: view.isPaid,
        type: view.type,
        route: view.route,
        captions: view.captions ? mediaUrl(storage, view.captions) : null,
      },
    };
  }

  /**
   * The programme day of a track for this user: premium lessons follow the IST calendar from
   * the purchase (null premium_since, as for a just-bought plan, is day 1); the free track has
   * no day limit.
   */
  private currentDay(user: UserRow, paid: boolean, totalDays: number): number | null {
    if (!paid) return null;
    const since = user.premiumSince ?? this.deps.clock.now();
    return premiumCurrentDay(since, this.deps.clock.now(), Math.max(totalDays, 1));
  }

  async list(userId: string, day?: number): Promise<LessonList> {
    return this.deps.db.transaction(async (tx) => {
      const user = await new UsersRepository(tx).findById(userId);
      if (!user) throw notFound();
      const paid = user.type === 'premium';
      const repository = new LessonsRepository(tx);
      await repository.copyCatalogue(userId, paid);
      const totalDays = await repository.totalDays(paid);
      const currentDay = this.currentDay(user, paid, totalDays);
      if (currentDay !== null) await repository.setCurrentDay(userId, currentDay);

      if (day !== undefined && currentDay !== null && !canOpenDay(day, currentDay)) {
        throw forbidden(dayLockedMessage(currentDay), DAY_LOCKED_CODE);
      }

      let views = await repository.listTrack(userId, paid);
      // Opens what the user is owed without watching: a fresh list's first lesson, or a new
      // day's first lesson once the calendar reaches it.
      const unlocks = pendingUnlocks(views.map(toRow), currentDay);
      if (unlocks.length > 0) {
        await repository.applyStatuses(unlocks);
        views = await repository.listTrack(userId, paid);
      }
      if (day !== undefined) views = views.filter((view) => view.day === day);
      return { lessons: views.map((view) => this.toUserLesson(view)), totalDays, currentDay };
    });
  }

  async update(
    userId: string,
    userLessonId: string,
    body: UserLessonUpdateRequest,
  ): Promise<{ lesson: UserLesson; step: number }> {
    // An id that is not even a uuid names no lesson (and must not reach a uuid column).
    if (!UUID_PATTERN.test(userLessonId)) throw lessonNotFound();
    return this.deps.db.transaction(async (tx) => {
      // One writer per user at a time: unlocking and the step move read, decide, then write.
      const user = await new UsersRepository(tx).findByIdForUpdate(userId);
      if (!user) throw notFound();
      const repository = new LessonsRepository(tx);
      const lesson = await repository.findForUser(userLessonId, userId);
      if (!lesson) throw lessonNotFound();
      if (lesson.isPaid && user.type !== 'premium') {
        throw forbidden(Messages.PURCHASE_TO_CONTINUE.message, Messages.PURCHASE_TO_CONTINUE.code);
      }

      const totalDays = await repository.totalDays(lesson.isPaid);
      const currentDay = this.currentDay(user, lesson.isPaid, totalDays);
      const playable =
        lesson.status !== 'inactive' && (currentDay === null || lesson.day <= currentDay);
      if (!playable) throw lessonLocked();

      let step = user.step;
      if (body.pause_time !== undefined) {
        await repository.setPauseTime(lesson.id, Math.min(body.pause_time, lesson.totalDuration));
      } else if (body.seconds_viewed !== undefined) {
        await repository.raiseSecondsViewed(
          lesson.id,
          Math.min(body.seconds_viewed, lesson.totalDuration),
        );
      } else if (body.feedback !== undefined) {
        await repository.saveFeedback({ id: lesson.id, userId, text: body.feedback });
      } else if (body.is_viewed) {
        step = await this.view(tx, user, lesson, currentDay);
      }

      const updated = await repository.findForUser(lesson.id, userId);
      return { lesson: this.toUserLesson(updated!), step };
    });
  }

  /** Completes the lesson, opens the next one and moves the step; returns the new step. */
  private async view(
    tx: Executor,
    user: UserRow,
    lesson: UserLessonView,
    currentDay: number | null,
  ): Promise<number> {
    // The free track starts with the first test, and the score video explains the second one.
    if (!lesson.isPaid && user.step === Step.FIRST_TEST_PENDING) throw takeTestFirst();
    if (lesson.type === 'score_explanation' && user.step < Step.SCORE_VIDEO_UNLOCKED) {
      throw takeTestFirst();
    }

    const repository = new LessonsRepository(tx);
    const rows = (await repository.listTrack(user.id, lesson.isPaid)).map(toRow);
    const result = lessonUpdatesAfterView(rows, lesson.id, currentDay);
    if (!result.ok) throw result.reason === 'locked' ? lessonLocked() : lessonNotFound();
    await repository.applyStatuses(result.updates);
    await repository.markViewed(lesson.id, lesson.totalDuration);

    // Only the first completion moves the step: re-watching the last premium lesson after the
    // retest must not send the user back to step 2 again.
    if (lesson.status === 'completed') return user.step;
    const next = stepAfterLessonViewed({
      step: user.step,
      lesson: viewedLessonKind(rows, lesson.id),
    });
    if (next !== user.step) await new UsersRepository(tx).updateStep(user.id, next);
    return next;
  }
}
