import { premiumCurrentDay } from '@exhale/contract/ist';
import {
  canOpenDay,
  lessonUpdatesAfterView,
  pendingUnlocks,
  type LessonRow,
  type LessonStatusUpdate,
} from '@exhale/contract/lessons';
import { dayLockedMessage, DAY_LOCKED_CODE, Messages } from '@exhale/contract/messages';
import {
  viewedLessonKind,
  type UserLesson,
  type UserLessonUpdateRequest,
} from '@exhale/contract/programme';
import { Step, stepAfterLessonViewed } from '@exhale/contract/steps';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, forbidden, notFound, sessionRevoked, rateLimited } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Counters } from '../../lib/counters';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import type { StorageProvider } from '../../providers/storage/storage';
import { requireFirstTestTaken, takeTestFirst } from '../users/take-test-first';
import type { UsersRepository } from '../users/users.repository';
import type {
  LessonsRepository,
  LessonReads,
  Catalogue,
  CatalogueLesson,
  LessonCopy,
  ProgressSnapshot,
  UserLessonView,
} from './lessons.repository';

const lessonNotFound = () =>
  new AppError(404, Messages.LESSON_NOT_FOUND.code, Messages.LESSON_NOT_FOUND.message);
const lessonLocked = () =>
  forbidden(Messages.LESSON_LOCKED_PLAYER.code, Messages.LESSON_LOCKED_PLAYER.message);

/** Absolute and root-relative values are URLs already; anything else is a storage key. */
export function mediaUrl(storage: Pick<StorageProvider, 'publicUrl'>, value: string): string {
  return /^(https?:)?\/\//.test(value) || value.startsWith('/') ? value : storage.publicUrl(value);
}

/** What the unlocking rule (contract/lessons) needs of a lesson the member sees. */
function toUnlockingRow(view: UserLessonView): LessonRow & { type: UserLessonView['type'] } {
  return {
    id: view.id,
    day: view.day,
    video_order: view.videoOrder,
    status: view.status,
    type: view.type,
  };
}

/**
 * The score video explains the second SIM test, so it is not opened before that test is done
 * (step 3, spec §6): it stays locked (inactive) even once the free lessons before it are watched,
 * and the next list, or the next request for it, opens it from step 3.
 */
function withoutEarlyScoreVideo(
  updates: LessonStatusUpdate[],
  rows: readonly { id: string; type: UserLessonView['type'] }[],
  step: number,
): LessonStatusUpdate[] {
  if (step >= Step.SCORE_VIDEO_UNLOCKED) return updates;
  const held = new Set(rows.filter((row) => row.type === 'score_explanation').map((row) => row.id));
  return updates.filter((update) => update.status !== 'active' || !held.has(update.id));
}

/**
 * A catalogue lesson with the user's progress on it, field by field: with two object spreads
 * this took 10 µs a lesson.
 */
function withProgress(lesson: CatalogueLesson, copy: LessonCopy): UserLessonView {
  return {
    id: copy.id,
    status: copy.status,
    pauseTime: copy.pauseTime,
    secondsViewed: copy.secondsViewed,
    isViewed: copy.isViewed,
    feedback: copy.feedback,
    completedAt: copy.completedAt,
    lessonId: lesson.lessonId,
    title: lesson.title,
    content: lesson.content,
    day: lesson.day,
    videoOrder: lesson.videoOrder,
    source: lesson.source,
    thumbnailImg: lesson.thumbnailImg,
    totalDuration: lesson.totalDuration,
    isPaid: lesson.isPaid,
    type: lesson.type,
    route: lesson.route,
    exercises: lesson.exercises,
    captions: lesson.captions,
    renditions: lesson.renditions,
    audioKey: lesson.audioKey,
  };
}

/** (day, video_order, id): the order `listTrack` returns; uuids compare as their text does. */
function inProgrammeOrder(a: UserLessonView, b: UserLessonView): number {
  return a.day - b.day || a.videoOrder - b.videoOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Copies the paid programme to a buyer and opens its first lesson. The purchase transaction calls
 * this (through lessons.module.ts, on its own transaction), so a paid order and the lessons it
 * bought are committed together. Idempotent.
 */
export async function grantPremiumLessons(
  repository: Pick<LessonsRepository, 'copyCatalogue' | 'listTrack' | 'applyStatuses'>,
  userId: string,
): Promise<void> {
  await repository.copyCatalogue(userId, true);
  // Day 1 is open on the day of purchase, whatever premium_since says yet.
  const rows = await repository.listTrack(userId, true);
  await repository.applyStatuses(pendingUnlocks(rows.map(toUnlockingRow), 1));
}

export interface LessonList {
  lessons: UserLesson[];
  totalDays: number;
  currentDay: number | null;
}

/** Lesson feedback a member may send per hour (each one reaches the operators' queue). */
export const FEEDBACK_LIMIT = { max: 10, windowSeconds: 60 * 60 } as const;

/** What unlocking and progress read and write, on one executor (lessons.module.ts builds them). */
export interface LessonsRepositories {
  lessons: Pick<
    LessonsRepository,
    | 'copyCatalogue'
    | 'totalDays'
    | 'setCurrentDay'
    | 'listTrack'
    | 'applyStatuses'
    | 'findForUser'
    | 'setPauseTime'
    | 'raiseSecondsViewed'
    | 'saveFeedback'
    | 'markViewed'
  >;
  users: Pick<UsersRepository, 'findById' | 'findByIdForUpdate' | 'updateStep'>;
}

/**
 * A user's lessons: free users follow the free track (free lessons, then the score explanation),
 * premium users the paid day-by-day programme. Rows are copied from the catalogue on first read,
 * so new catalogue lessons reach existing users too.
 */
export class LessonsService {
  constructor(
    private readonly deps: {
      data: DataAccess<LessonsRepositories>;
      /** The page's reads outside any transaction: the catalogue and a member's snapshot. */
      reads: Pick<LessonReads, 'catalogue' | 'progressSnapshot'>;
      clock: Clock;
      storage: Pick<StorageProvider, 'publicUrl'>;
      counters: Counters;
    },
  ) {}

  /**
   * What a member's lesson says of its catalogue lesson (`lesson_details`, with its media as
   * URLs, and the exercises), worked out once per catalogue read: every member's list of a
   * catalogue version shares the catalogue's lesson objects, so the busiest page builds only the
   * member's own fields per request.
   */
  private readonly catalogueParts = new WeakMap<
    CatalogueLesson,
    Pick<UserLesson, 'lesson_details' | 'exercises'>
  >();

  private partsOf(lesson: CatalogueLesson): Pick<UserLesson, 'lesson_details' | 'exercises'> {
    let parts = this.catalogueParts.get(lesson);
    if (!parts) {
      parts = this.catalogueFields(lesson);
      this.catalogueParts.set(lesson, parts);
    }
    return parts;
  }

  private catalogueFields(
    lesson: Omit<CatalogueLesson, 'lessonId'>,
  ): Pick<UserLesson, 'lesson_details' | 'exercises'> {
    const { storage } = this.deps;
    return {
      exercises: lesson.exercises.map((e) => ({ time: e.time, route: e.route })),
      lesson_details: {
        title: lesson.title,
        content: lesson.content,
        day: lesson.day,
        video_order: lesson.videoOrder,
        source: mediaUrl(storage, lesson.source),
        thumbnail_img: lesson.thumbnailImg ? mediaUrl(storage, lesson.thumbnailImg) : null,
        total_duration: lesson.totalDuration,
        is_paid: lesson.isPaid,
        type: lesson.type,
        route: lesson.route,
        captions: lesson.captions ? mediaUrl(storage, lesson.captions) : null,
        renditions: (lesson.renditions ?? []).map((r) => ({
          height: r.height,
          src: mediaUrl(storage, r.key),
        })),
        audio_src: lesson.audioKey ? mediaUrl(storage, lesson.audioKey) : null,
      },
    };
  }

  /** The member's own fields of a lesson and its catalogue parts. */
  private static userLesson(
    copy: LessonCopy,
    parts: Pick<UserLesson, 'lesson_details' | 'exercises'>,
  ): UserLesson {
    return {
      _id: copy.id,
      status: copy.status,
      isActive: copy.status,
      pause_time: copy.pauseTime,
      seconds_viewed: copy.secondsViewed,
      is_viewed: copy.isViewed,
      feedback: copy.feedback,
      completed_at: copy.completedAt ? copy.completedAt.toISOString() : null,
      exercises: parts.exercises,
      lesson_details: parts.lesson_details,
    };
  }

  toUserLesson(view: UserLessonView): UserLesson {
    return LessonsService.userLesson(view, this.catalogueFields(view));
  }

  /**
   * The programme day of a track for this user: premium lessons follow the IST calendar from
   * the purchase (null premium_since, as for a just-bought plan, is day 1); the free track has
   * no day limit.
   */
  private currentDay(premiumSince: Date | null, paid: boolean, totalDays: number): number | null {
    if (!paid) return null;
    const since = premiumSince ?? this.deps.clock.now();
    return premiumCurrentDay(since, this.deps.clock.now(), Math.max(totalDays, 1));
  }

  /** The catalogue as last read by this process (see `catalogueAt`). */
  private catalogue?: Catalogue;
  private catalogueLoad?: Promise<Catalogue>;

  /**
   * The catalogue at `version`, from memory while the catalogue has not changed: a lesson list
   * then reads only the user's own rows. Undefined when the catalogue moved on again while it was
   * being read (the caller then reads everything afresh).
   */
  private async catalogueAt(version: string): Promise<Catalogue | undefined> {
    if (this.catalogue?.version === version) return this.catalogue;
    // Concurrent requests share one read.
    this.catalogueLoad ??= this.deps.reads
      .catalogue()
      .finally(() => (this.catalogueLoad = undefined));
    this.catalogue = await this.catalogueLoad;
    return this.catalogue.version === version ? this.catalogue : undefined;
  }

  /**
   * The caller's lessons. Checks the caller's session too (the route sits behind
   * `authenticateInQuery`): 401 when it is not live.
   */
  async list(caller: { userId: string; sessionId: string }, day?: number): Promise<LessonList> {
    const snapshot = await this.deps.reads.progressSnapshot(caller.userId, caller.sessionId);
    if (!snapshot) throw sessionRevoked();
    const catalogue = await this.catalogueAt(snapshot.catalogueVersion);
    return (
      (catalogue && this.listUnchanged(snapshot, catalogue, day)) ??
      this.listAndCatchUp(caller.userId, day)
    );
  }

  /**
   * The list from the user's rows and the catalogue, for the usual visit: the user already has a
   * copy of every catalogue lesson of their track, is owed no unlock and their stored programme
   * day is today's. Returns undefined when any of that does not hold, and `listAndCatchUp` writes
   * what is missing. Both give the same answer; this one needs no transaction for a page view.
   */
  private listUnchanged(
    snapshot: ProgressSnapshot,
    catalogue: Catalogue,
    day?: number,
  ): LessonList | undefined {
    const paid = snapshot.type === 'premium';
    const copies = new Map(snapshot.copies.map((copy) => [copy.lessonId, copy]));
    const views: UserLessonView[] = [];
    const catalogueLessons = new Map<UserLessonView, CatalogueLesson>();
    for (const lesson of catalogue.lessons) {
      if (lesson.isPaid !== paid) continue;
      const copy = copies.get(lesson.lessonId);
      if (!copy) return undefined; // a catalogue lesson not copied yet
      const view = withProgress(lesson, copy);
      views.push(view);
      catalogueLessons.set(view, lesson);
    }
    if (views.length === 0) return undefined;
    views.sort(inProgrammeOrder);
    const totalDays = views[views.length - 1]!.day;
    const currentDay = this.currentDay(snapshot.premiumSince, paid, totalDays);
    if (currentDay !== null && currentDay !== snapshot.storedCurrentDay) return undefined;
    const owed = withoutEarlyScoreVideo(
      pendingUnlocks(views.map(toUnlockingRow), currentDay),
      views,
      snapshot.step,
    );
    if (owed.length > 0) return undefined;

    if (day !== undefined && currentDay !== null && !canOpenDay(day, currentDay)) {
      throw forbidden(DAY_LOCKED_CODE, dayLockedMessage(currentDay));
    }
    const shown = day === undefined ? views : views.filter((view) => view.day === day);
    return {
      lessons: shown.map((view) =>
        LessonsService.userLesson(view, this.partsOf(catalogueLessons.get(view)!)),
      ),
      totalDays,
      currentDay,
    };
  }

  /**
   * The list after bringing the user's rows up to date: copies catalogue lessons the user lacks,
   * stores the programme day and opens what the user is owed, in one transaction.
   */
  private async listAndCatchUp(userId: string, day?: number): Promise<LessonList> {
    return this.deps.data.transaction(async (repos) => {
      const user = await repos.users.findById(userId);
      if (!user) throw notFound();
      const paid = user.type === 'premium';
      const repository = repos.lessons;
      await repository.copyCatalogue(userId, paid);
      const totalDays = await repository.totalDays(paid);
      const currentDay = this.currentDay(user.premiumSince, paid, totalDays);
      if (currentDay !== null) await repository.setCurrentDay(userId, currentDay);

      if (day !== undefined && currentDay !== null && !canOpenDay(day, currentDay)) {
        throw forbidden(DAY_LOCKED_CODE, dayLockedMessage(currentDay));
      }

      let views = await repository.listTrack(userId, paid);
      // Opens what the user is owed without watching: a fresh list's first lesson, a new day's
      // first lesson once the calendar reaches it, or the score video once step 3 is reached.
      const unlocks = withoutEarlyScoreVideo(
        pendingUnlocks(views.map(toUnlockingRow), currentDay),
        views,
        user.step,
      );
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
    if (!isUuid(userLessonId)) throw lessonNotFound();
    // Each feedback lands in the operators' queue (and may be answered by mail): a per-member
    // budget keeps one account from flooding it. Only stored feedback counts against it.
    const feedbackKey = body.feedback !== undefined ? `lesson-feedback:${userId}` : undefined;
    if (feedbackKey) {
      const { count, ttlSeconds } = await this.deps.counters.get(feedbackKey);
      if (count >= FEEDBACK_LIMIT.max) {
        throw rateLimited(ttlSeconds);
      }
    }
    const result = await this.deps.data.transaction(async (repos, tx) => {
      // One writer per user at a time: unlocking and the step move read, decide, then write.
      const user = await repos.users.findByIdForUpdate(userId);
      if (!user) throw notFound();
      const repository = repos.lessons;
      let lesson = await repository.findForUser(userLessonId, userId);
      if (!lesson) throw lessonNotFound();
      if (lesson.isPaid && user.type !== 'premium') {
        throw forbidden(Messages.PURCHASE_TO_CONTINUE.code, Messages.PURCHASE_TO_CONTINUE.message);
      }

      const totalDays = await repository.totalDays(lesson.isPaid);
      const currentDay = this.currentDay(user.premiumSince, lesson.isPaid, totalDays);
      if (lesson.status === 'inactive') {
        // Owed since the user's last list, e.g. the score video right after the second test.
        const rows = (await repository.listTrack(userId, lesson.isPaid)).map(toUnlockingRow);
        const owed = withoutEarlyScoreVideo(pendingUnlocks(rows, currentDay), rows, user.step);
        const id = lesson.id;
        if (owed.some((update) => update.id === id)) {
          await repository.applyStatuses(owed);
          lesson = { ...lesson, status: 'active' };
        }
      }
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
    if (feedbackKey) await this.deps.counters.incr(feedbackKey, FEEDBACK_LIMIT.windowSeconds);
    return result;
  }

  /** Completes the lesson, opens the next one and moves the step; returns the new step. */
  private async view(
    tx: Executor,
    user: UserRow,
    lesson: UserLessonView,
    currentDay: number | null,
  ): Promise<number> {
    // The free track starts with the first test, and the score video explains the second one.
    if (!lesson.isPaid) requireFirstTestTaken(user);
    if (lesson.type === 'score_explanation' && user.step < Step.SCORE_VIDEO_UNLOCKED) {
      throw takeTestFirst();
    }

    const repos = this.deps.data.within(tx);
    const repository = repos.lessons;
    const rows = (await repository.listTrack(user.id, lesson.isPaid)).map(toUnlockingRow);
    const result = lessonUpdatesAfterView(rows, lesson.id, currentDay);
    if (!result.ok) throw result.reason === 'locked' ? lessonLocked() : lessonNotFound();
    await repository.applyStatuses(withoutEarlyScoreVideo(result.updates, rows, user.step));
    await repository.markViewed(lesson.id, lesson.totalDuration);

    // Only the first completion moves the step: re-watching the last premium lesson after the
    // retest must not send the user back to step 2 again.
    if (lesson.status === 'completed') return user.step;
    const next = stepAfterLessonViewed({
      step: user.step,
      lesson: viewedLessonKind(rows, lesson.id),
    });
    if (next !== user.step) await repos.users.updateStep(user.id, next);
    return next;
  }
}
