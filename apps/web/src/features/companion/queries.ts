import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { istDateString, MS_PER_DAY } from '@exhale/contract/ist';
import type { DependenceVariant } from '@exhale/contract/dependence-test';
import type { QuitPlan } from '@exhale/contract/quit-plan';
import { api, errorStatus, unwrap } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import * as storage from '../../lib/storage';
import { queuedWrites, type QueuedCheckIn, type QueuedCraving } from '../../lib/offline/queue';

// The quit companion's reads as query-options factories: the pages' hooks (api.ts) and the route
// loaders (app/routes/page-data.ts) use the same ones, so a loader's request is the one the page
// reads. This file holds no hook and no UI, so a loader downloads only what it fetches with.

export const companionKeys = {
  all: ['companion'] as const,
  plan: ['companion', 'plan'] as const,
  progress: ['companion', 'progress'] as const,
  cravings: ['companion', 'cravings'] as const,
  summary: (from: string) => ['companion', 'cravings', 'summary', from] as const,
  cravingLog: ['companion', 'cravings', 'log'] as const,
  daySlips: (date: string) => ['companion', 'cravings', 'day', date] as const,
  checkIns: (date: string) => ['companion', 'check-ins', date] as const,
  followUps: ['companion', 'follow-ups'] as const,
  testHistory: ['companion', 'dependence-test', 'history'] as const,
  questions: (variant: DependenceVariant) => ['companion', 'dependence-test', variant] as const,
  queued: (userId: string) => ['companion', 'queued', userId] as const,
};

const signedInId = () => authStore.getState().user?._id;

/** Keeps the member's reasons on the device for /sos without a network (decision 055). */
export function keepReasons(plan: QuitPlan | null): void {
  const userId = signedInId();
  if (userId) storage.setQuitReasons(userId, plan?.reasons ?? []);
}

/** GET /quit-plan: the member's plan, or null when there is none yet. */
export const quitPlanQuery = queryOptions({
  queryKey: companionKeys.plan,
  queryFn: async () => {
    const plan = unwrap(await api.GET('/api/quit-plan')).data;
    keepReasons(plan);
    return plan;
  },
});

/**
 * GET /quit-plan/progress; null when the member has no plan yet (404 NO_QUIT_PLAN), which pages
 * show as an invitation rather than an error. Each answer is kept on the device for when the
 * network is down.
 */
export const progressQuery = queryOptions({
  queryKey: companionKeys.progress,
  queryFn: async () => {
    try {
      const progress = unwrap(await api.GET('/api/quit-plan/progress')).data;
      const userId = signedInId();
      if (userId) storage.setQuitProgress(userId, progress);
      return progress;
    } catch (error) {
      if (errorStatus(error) === 404) return null;
      throw error;
    }
  },
});

/** The first day of the craving charts' last 30 days (IST), today included. */
export function last30DaysFrom(now: Date): string {
  return istDateString(new Date(now.getTime() - 29 * MS_PER_DAY));
}

/** GET /cravings over the last days (from `from`): only the summary is read. */
export const cravingSummaryQuery = (from: string) =>
  queryOptions({
    queryKey: companionKeys.summary(from),
    queryFn: async () =>
      unwrap(await api.GET('/api/cravings', { params: { query: { from, limit: 1 } } })).summary,
  });

/** GET /cravings page by page (newest first), for the log. */
export const cravingLogQuery = infiniteQueryOptions({
  queryKey: companionKeys.cravingLog,
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam }) =>
    unwrap(
      await api.GET('/api/cravings', {
        params: { query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } },
      }),
    ),
  getNextPageParam: (page) => page.next_cursor ?? undefined,
});

/**
 * The slips the member logged on one IST date (the form, a SLIP message), not those a check-in
 * recorded: what that day's check-in is filled in from. A day holds far fewer than 100 entries.
 */
export const daySlipsQuery = (date: string) =>
  queryOptions({
    queryKey: companionKeys.daySlips(date),
    queryFn: async () => {
      const entries = unwrap(
        await api.GET('/api/cravings', { params: { query: { from: date, to: date, limit: 100 } } }),
      ).data.filter((entry) => entry.outcome === 'slipped' && entry.source !== 'check_in');
      return {
        slips: entries.length,
        units: entries.reduce((sum, entry) => sum + (entry.units ?? 1), 0),
      };
    },
  });

/** GET /check-ins for one date (IST, `YYYY-MM-DD`): that day's answer or null. */
export const checkInQuery = (date: string) =>
  queryOptions({
    queryKey: companionKeys.checkIns(date),
    queryFn: async () => {
      const list = unwrap(
        await api.GET('/api/check-ins', { params: { query: { from: date, to: date } } }),
      ).data;
      return list.find((entry) => entry.date === date) ?? null;
    },
  });

/** GET /follow-ups; an empty list when there is no plan. */
export const followUpsQuery = queryOptions({
  queryKey: companionKeys.followUps,
  queryFn: async () => {
    try {
      return unwrap(await api.GET('/api/follow-ups')).data;
    } catch (error) {
      if (errorStatus(error) === 404) return [];
      throw error;
    }
  },
});

/** GET /dependence-test/history (signed-in members only). */
export const dependenceHistoryQuery = queryOptions({
  queryKey: companionKeys.testHistory,
  queryFn: async () => unwrap(await api.GET('/api/dependence-test/history')).data,
});

/**
 * The member's cravings and check-ins waiting on this device to be sent ('waiting to sync'),
 * oldest first: read from IndexedDB, so it needs no network; `useQueuedWrites` reads it again
 * whenever the queue changes. The queue also holds other pages' writes (messages to a coach).
 */
export const queuedWritesQuery = (userId: string) =>
  queryOptions({
    queryKey: companionKeys.queued(userId),
    queryFn: async () =>
      (await queuedWrites(userId)).filter(
        (item): item is QueuedCraving | QueuedCheckIn => item.kind !== 'coach-message',
      ),
    networkMode: 'always',
    staleTime: Infinity,
  });
