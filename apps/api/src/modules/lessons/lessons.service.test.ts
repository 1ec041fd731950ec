import { Messages } from '@exhale/contract/messages';
import { Step } from '@exhale/contract/steps';
import { describe, expect, it } from 'vitest';
import { fakeDataAccess, fixedClock } from '../../../test/fakes/data-access';
import type { UserRow } from '../../db/schema/users';
import { MemoryCounters } from '../../lib/counters';
import type { UserLessonView } from './lessons.repository';
import { LessonsService, mediaUrl, type LessonsRepositories } from './lessons.service';

describe('mediaUrl', () => {
  const storage = { publicUrl: (key: string) => `/media/${key}` };

  it.each([
    ['lessons/free-1-abc.mp4', '/media/lessons/free-1-abc.mp4'],
    ['https://cdn.example/v.mp4', 'https://cdn.example/v.mp4'],
    ['http://cdn.example/v.mp4', 'http://cdn.example/v.mp4'],
    ['//cdn.example/v.mp4', '//cdn.example/v.mp4'],
    ['/media/lessons/already-a-path.mp4', '/media/lessons/already-a-path.mp4'],
  ])('resolves %s to %s', (value, url) => {
    expect(mediaUrl(storage, value)).toBe(url);
  });
});

const USER = '00000000-0000-4000-8000-000000000001';
const NOW = '2026-01-05T06:30:00Z'; // Monday 5 January 2026, noon IST
const id = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

type LessonSpec = Pick<UserLessonView, 'day' | 'videoOrder' | 'type' | 'status'>;

function lesson(n: number, spec: LessonSpec): UserLessonView {
  return {
    id: id(n),
    lessonId: `catalogue-${n}`,
    pauseTime: 0,
    secondsViewed: 0,
    isViewed: spec.status === 'completed',
    feedback: null,
    completedAt: null,
    title: `Lesson ${n}`,
    content: '',
    source: `lessons/${n}.mp4`,
    thumbnailImg: null,
    totalDuration: 300,
    isPaid: spec.type === 'paid',
    route: null,
    exercises: [],
    captions: null,
    renditions: null,
    audioKey: null,
    ...spec,
  };
}

/** The free track: three free lessons, then the score video; the first lesson open. */
const freeTrack = () => [
  lesson(1, { day: 1, videoOrder: 1, type: 'free', status: 'active' }),
  lesson(2, { day: 1, videoOrder: 2, type: 'free', status: 'inactive' }),
  lesson(3, { day: 1, videoOrder: 3, type: 'free', status: 'inactive' }),
  lesson(4, { day: 1, videoOrder: 4, type: 'score_explanation', status: 'inactive' }),
];

/** The paid programme: two lessons on day 1, one on day 2; the first open. */
const paidProgramme = () => [
  lesson(11, { day: 1, videoOrder: 1, type: 'paid', status: 'active' }),
  lesson(12, { day: 1, videoOrder: 2, type: 'paid', status: 'inactive' }),
  lesson(13, { day: 2, videoOrder: 1, type: 'paid', status: 'inactive' }),
];

/** A member at `step` with these lessons, kept in memory. */
function memory(
  user: { step: number; type?: 'free' | 'premium'; premiumSince?: Date | null },
  track: UserLessonView[],
) {
  const member = { id: USER, type: 'free', premiumSince: null, ...user };
  const rows = new Map(track.map((view) => [view.id, view]));
  const repos: LessonsRepositories = {
    users: {
      findById: async () => ({ ...member }) as UserRow,
      findByIdForUpdate: async () => ({ ...member }) as UserRow,
      updateStep: async (_id, step) => {
        member.step = step;
        return { ...member } as UserRow;
      },
    },
    lessons: {
      listTrack: async (_userId: string, paid: boolean) =>
        [...rows.values()]
          .filter((view) => view.isPaid === paid)
          .sort((a, b) => a.day - b.day || a.videoOrder - b.videoOrder)
          .map((view) => ({ ...view })),
      findForUser: async (lessonId: string) => {
        const view = rows.get(lessonId);
        return view && { ...view };
      },
      totalDays: async (paid: boolean) =>
        Math.max(0, ...[...rows.values()].filter((v) => v.isPaid === paid).map((v) => v.day)),
      applyStatuses: async (updates: { id: string; status: UserLessonView['status'] }[]) => {
        for (const { id: lessonId, status } of updates) {
          rows.set(lessonId, { ...rows.get(lessonId)!, status });
        }
      },
      markViewed: async (lessonId: string) => {
        rows.set(lessonId, { ...rows.get(lessonId)!, status: 'completed', isViewed: true });
      },
      raiseSecondsViewed: async (lessonId: string, seconds: number) => {
        const view = rows.get(lessonId)!;
        rows.set(lessonId, { ...view, secondsViewed: Math.max(view.secondsViewed, seconds) });
      },
      copyCatalogue: async () => {},
      setCurrentDay: async () => {},
      setPauseTime: async () => {},
      saveFeedback: async () => {},
    } as unknown as LessonsRepositories['lessons'],
  };
  const service = new LessonsService({
    data: fakeDataAccess(repos),
    reads: {
      catalogue: () => Promise.reject(new Error('not read by these rules')),
      progressSnapshot: () => Promise.reject(new Error('not read by these rules')),
    },
    clock: fixedClock(NOW),
    storage: { publicUrl: (key) => `/media/${key}` },
    counters: new MemoryCounters(),
  });
  const status = (n: number) => rows.get(id(n))!.status;
  return { service, member, status };
}

const watched = { is_viewed: true } as const;

describe('LessonsService.update: lesson unlocking', () => {
  it('completes a watched lesson and opens the next one of the track', async () => {
    const { service, status } = memory({ step: Step.WATCHING_FREE_LESSONS }, freeTrack());
    const result = await service.update(USER, id(1), watched);
    expect(result.lesson).toMatchObject({ _id: id(1), status: 'completed', is_viewed: true });
    expect([status(1), status(2), status(3)]).toEqual(['completed', 'active', 'inactive']);
  });

  it('refuses to play a lesson that is still locked', async () => {
    const { service, status } = memory({ step: Step.WATCHING_FREE_LESSONS }, freeTrack());
    await expect(service.update(USER, id(3), watched)).rejects.toMatchObject({
      statusCode: 403,
      code: Messages.LESSON_LOCKED_PLAYER.code,
    });
    expect(status(3)).toBe('inactive');
  });

  it('keeps the free track closed until the first test is taken', async () => {
    const { service, status } = memory({ step: Step.FIRST_TEST_PENDING }, freeTrack());
    await expect(service.update(USER, id(1), watched)).rejects.toMatchObject({ statusCode: 403 });
    expect(status(2)).toBe('inactive');
  });

  it('holds the score video back after the last free lesson until the second test (step 3)', async () => {
    const track = freeTrack().map((view) =>
      view.type === 'free' ? { ...view, status: 'completed' as const } : view,
    );
    track[2] = { ...track[2]!, status: 'active' };
    const { service, status } = memory({ step: Step.WATCHING_FREE_LESSONS }, track);
    await service.update(USER, id(3), watched);
    expect(status(4)).toBe('inactive');
    await expect(service.update(USER, id(4), watched)).rejects.toMatchObject({ statusCode: 403 });
  });

  it('opens the held score video on its next request once the second test is done', async () => {
    const track = freeTrack().map((view) =>
      view.type === 'free' ? { ...view, status: 'completed' as const } : view,
    );
    const { service, status } = memory({ step: Step.SCORE_VIDEO_UNLOCKED }, track);
    const result = await service.update(USER, id(4), { seconds_viewed: 30 });
    expect(result.lesson).toMatchObject({ status: 'active', seconds_viewed: 30 });
    expect(status(4)).toBe('active');
  });

  it('refuses a paid lesson to a member without the plan', async () => {
    const { service } = memory({ step: Step.WATCHING_FREE_LESSONS }, paidProgramme());
    await expect(service.update(USER, id(11), watched)).rejects.toMatchObject({
      statusCode: 403,
      code: Messages.PURCHASE_TO_CONTINUE.code,
    });
  });

  it("does not open the next day's lesson before that day, even once today's are watched", async () => {
    const programme = paidProgramme();
    programme[0] = { ...programme[0]!, status: 'completed' };
    programme[1] = { ...programme[1]!, status: 'active' };
    const { service, status } = memory(
      { step: Step.WATCHING_FREE_LESSONS, type: 'premium', premiumSince: new Date(NOW) },
      programme,
    );
    await service.update(USER, id(12), watched);
    expect([status(12), status(13)]).toEqual(['completed', 'inactive']);
    await expect(service.update(USER, id(13), watched)).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('LessonsService.update: the step a watched lesson moves', () => {
  it('moves step 1 to 2 (second test due) when the last free lesson is first completed', async () => {
    const track = freeTrack().map((view, i) =>
      i < 2 ? { ...view, status: 'completed' as const } : view,
    );
    track[2] = { ...track[2]!, status: 'active' };
    const { service, member } = memory({ step: Step.WATCHING_FREE_LESSONS }, track);
    await expect(service.update(USER, id(3), watched)).resolves.toMatchObject({
      step: Step.SECOND_TEST_PENDING,
    });
    expect(member.step).toBe(Step.SECOND_TEST_PENDING);
  });

  it('leaves the step alone for any other lesson, and for re-watching a completed one', async () => {
    const { service, member } = memory({ step: Step.WATCHING_FREE_LESSONS }, freeTrack());
    await expect(service.update(USER, id(1), watched)).resolves.toMatchObject({
      step: Step.WATCHING_FREE_LESSONS,
    });

    const done = freeTrack().map((view) =>
      view.type === 'free' ? { ...view, status: 'completed' as const } : view,
    );
    const again = memory({ step: Step.SCORE_EXPLAINED }, done);
    await expect(again.service.update(USER, id(3), watched)).resolves.toMatchObject({
      step: Step.SCORE_EXPLAINED,
    });
    expect(again.member.step).toBe(Step.SCORE_EXPLAINED);
    expect(member.step).toBe(Step.WATCHING_FREE_LESSONS);
  });

  it('moves step 3 to 4 when the score video is watched', async () => {
    const track = freeTrack().map((view) =>
      view.type === 'free'
        ? { ...view, status: 'completed' as const }
        : { ...view, status: 'active' as const },
    );
    const { service, member } = memory({ step: Step.SCORE_VIDEO_UNLOCKED }, track);
    await service.update(USER, id(4), watched);
    expect(member.step).toBe(Step.SCORE_EXPLAINED);
  });
});
