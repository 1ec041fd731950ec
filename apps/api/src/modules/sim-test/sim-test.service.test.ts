import { Messages } from '@exhale/contract/messages';
import type { Answer } from '@exhale/contract/sim-score';
import { Step } from '@exhale/contract/steps';
import { describe, expect, it } from 'vitest';
import { fakeDataAccess } from '../../../test/fakes/data-access';
import type { UserRow } from '../../db/schema/users';
import { SimTestService, type SimTestRepositories } from './sim-test.service';

const USER = '00000000-0000-4000-8000-000000000001';

/** One radio statement per event, worth 0 to 3 points. */
function statement(event: number) {
  return {
    id: `statement-${event}`,
    event,
    questionType: 'radio' as const,
    options: [0, 1, 2, 3].map((point) => ({ value: `option ${point}`, point })),
  };
}

/** A member at `step` with earlier attempts, kept in memory with the statements of events 0 to 2. */
function memory(step: number, options: { attempts?: number; finishedPremium?: boolean } = {}) {
  const user = { id: USER, step, totalPoints: null as number | null };
  const attempts: {
    attempt: number;
    rawPoints: number | null;
    totalPoints: number;
    createdAt: Date;
  }[] = Array.from({ length: options.attempts ?? 0 }, (_, i) => ({
    attempt: i + 1,
    rawPoints: 2,
    totalPoints: 40,
    createdAt: new Date('2026-01-05T04:30:00Z'),
  }));
  const eventsAsked: number[] = [];
  const repos: SimTestRepositories = {
    users: {
      findByIdForUpdate: async (id) => (id === USER ? ({ ...user } as UserRow) : undefined),
    },
    simTest: {
      listAttempts: async () => attempts,
      latestAttempt: async () => attempts.at(-1),
      finishedPremiumProgramme: async () => options.finishedPremium ?? false,
      recordScore: async (_userId: string, nextStep: number, totalPoints: number) => {
        user.step = nextStep;
        user.totalPoints = totalPoints;
      },
      // The repository returns drizzle's query builder, which a plain promise stands in for.
    } as unknown as SimTestRepositories['simTest'],
    questions: {
      listByEvent: async (event) => {
        eventsAsked.push(event);
        return [statement(event)] as Awaited<
          ReturnType<SimTestRepositories['questions']['listByEvent']>
        >;
      },
    },
    attempts: {
      insert: async (values: {
        attempt: number;
        rawPoints: number | null;
        totalPoints: number;
      }) => {
        attempts.push({ ...values, rawPoints: values.rawPoints ?? null, createdAt: new Date() });
      },
    } as unknown as SimTestRepositories['attempts'],
  };
  const service = new SimTestService({ data: fakeDataAccess(repos), random: () => 0.5 });
  return { service, user, attempts, eventsAsked };
}

const answersFor = (event: number, point = 2): Answer[] => [
  { question_id: `statement-${event}`, value: point },
];

describe('SimTestService.submit: the step rule of the SIM test', () => {
  it('moves a member from the first test (step 0) to the free lessons (step 1) and records attempt 1', async () => {
    const { service, user, attempts, eventsAsked } = memory(Step.FIRST_TEST_PENDING);
    const result = await service.submit(USER, answersFor(0));
    expect(result).toMatchObject({ attempt: 1, step: Step.WATCHING_FREE_LESSONS });
    expect(eventsAsked).toEqual([0]);
    expect(user.step).toBe(Step.WATCHING_FREE_LESSONS);
    expect(user.totalPoints).toBe(result.total_points);
    expect(attempts).toHaveLength(1);
  });

  it('moves a member from the second test (step 2) to the score video (step 3) with the retest statements', async () => {
    const { service, user, eventsAsked } = memory(Step.SECOND_TEST_PENDING, { attempts: 1 });
    await expect(service.submit(USER, answersFor(1))).resolves.toMatchObject({
      attempt: 2,
      step: Step.SCORE_VIDEO_UNLOCKED,
    });
    expect(eventsAsked).toEqual([1]);
    expect(user.step).toBe(Step.SCORE_VIDEO_UNLOCKED);
  });

  it('gives a member who finished the paid programme the after-programme statements', async () => {
    const { service, eventsAsked } = memory(Step.SECOND_TEST_PENDING, {
      attempts: 2,
      finishedPremium: true,
    });
    await expect(service.submit(USER, answersFor(2))).resolves.toMatchObject({ attempt: 3 });
    expect(eventsAsked).toEqual([2]);
  });

  it.each([Step.WATCHING_FREE_LESSONS, Step.SCORE_VIDEO_UNLOCKED, Step.SCORE_EXPLAINED, 7])(
    'refuses a test at step %i, where none is pending, recording nothing',
    async (step) => {
      const { service, user, attempts } = memory(step, { attempts: 1 });
      await expect(service.submit(USER, answersFor(1))).rejects.toMatchObject({
        statusCode: 403,
        code: Messages.TEST_NOT_AVAILABLE.code,
      });
      expect(user.step).toBe(step);
      expect(attempts).toHaveLength(1);
    },
  );

  it('refuses answers that leave a statement out, without moving the step', async () => {
    const { service, user } = memory(Step.FIRST_TEST_PENDING);
    await expect(service.submit(USER, [])).rejects.toMatchObject({ statusCode: 400 });
    expect(user.step).toBe(Step.FIRST_TEST_PENDING);
  });
});
