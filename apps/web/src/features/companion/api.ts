import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth-store';
import * as storage from '../../lib/storage';
import { useOnline } from '../../lib/use-online';
import { onQueueChange, queuedCheckIn, queuedCraving } from '../../lib/offline/queue';
import { sendOrQueue } from '../../lib/offline/send-or-queue';
import { failureKind } from '../../lib/offline/sync';
import {
  checkInQuery,
  companionKeys,
  cravingLogQuery,
  cravingSummaryQuery,
  daySlipsQuery,
  dependenceHistoryQuery,
  followUpsQuery,
  keepReasons,
  progressQuery,
  queuedWritesQuery,
  quitPlanQuery,
} from './queries';
import type { CheckIn, CheckInRequest } from '@exhale/contract/check-ins';
import type { Craving, CravingCreateRequest, CravingSummary } from '@exhale/contract/cravings';
import type {
  DependenceHistoryEntry,
  DependenceResult,
  DependenceVariant,
} from '@exhale/contract/dependence-test';
import type { FollowUp } from '@exhale/contract/follow-ups';
import type {
  Milestone,
  NextMilestone,
  QuitPlan,
  QuitPlanRequest,
  QuitProgress,
} from '@exhale/contract/quit-plan';

// The quit companion's calls (API.md "Quit companion"). Every number shown comes from the server:
// the web never counts days, units or money itself.

export type { QuitPlan, QuitPlanRequest, QuitProgress as Progress, Milestone, NextMilestone };
export type { Craving, CravingCreateRequest as CravingInput, CravingSummary };
export type { CheckIn, CheckInRequest as CheckInInput, FollowUp };
export type { DependenceVariant, DependenceResult, DependenceHistoryEntry };
export { companionKeys, last30DaysFrom } from './queries';

export interface DependenceQuestion {
  _id: string;
  question: string;
  options: { value: string; point: number }[];
}

// The contract's lists, repeated so pages that only show them do not load zod with the contract's
// schemas (api.test.ts checks they stay equal).
export const TOBACCO_TYPES = ['cigarette', 'bidi', 'gutka', 'khaini', 'other'] as const;
export const TRIGGERS = [
  'stress',
  'after_meal',
  'tea_coffee',
  'alcohol',
  'friends',
  'boredom',
  'work_break',
  'waking_up',
  'other',
] as const;
export type Trigger = (typeof TRIGGERS)[number];

/** GET /quit-plan: the member's plan, or null when there is none yet. */
export function useQuitPlan(enabled = true) {
  return useQuery({ ...quitPlanQuery, enabled });
}

/** PUT /quit-plan. A saved plan changes every count, so the companion's caches are refreshed. */
export function useSaveQuitPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: QuitPlanRequest) =>
      unwrap(await api.PUT('/api/quit-plan', { body })).data,
    onSuccess: (plan) => {
      keepReasons(plan);
      queryClient.setQueryData(companionKeys.plan, plan);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'companion' && query.queryKey[1] !== 'plan',
      });
    },
  });
}

/**
 * The member's reasons: from the plan when the server answered, else the copy on this device
 * (so /sos shows them without a network).
 */
export function useReasons(): string[] {
  const plan = useQuitPlan();
  const user = useCurrentUser();
  if (plan.data !== undefined) return plan.data?.reasons ?? [];
  return user ? (storage.getQuitReasons(user._id) ?? []) : [];
}

/**
 * GET /quit-plan/progress; null when the member has no plan yet, which pages show as an invitation
 * rather than an error. Each answer is kept on the device (`useProgressOrLastKnown`).
 */
export function useProgress(enabled = true) {
  return useQuery({ ...progressQuery, enabled });
}

/**
 * Whether a query's data cannot come now for want of a network (offline, paused, or failed without
 * an answer from the server), as opposed to an error the member should see.
 */
export function useServerUnreachable(query: {
  isPaused: boolean;
  isError: boolean;
  error: unknown;
}): boolean {
  const online = useOnline();
  return !online || query.isPaused || (query.isError && failureKind(query.error) === 'later');
}

/**
 * The progress to show: the server's, or, while it cannot be reached, the last one this device
 * saw (`offline` true, `savedAt` when it was fetched). `query` is the server's query itself.
 */
export function useProgressOrLastKnown() {
  const query = useProgress();
  const user = useCurrentUser();
  const unreachable = useServerUnreachable(query);
  const lastKnown =
    unreachable && query.data === undefined && user ? storage.getQuitProgress(user._id) : null;
  return {
    query,
    // null (no plan yet) is an answer too: only a missing answer falls back to the copy.
    data: query.data !== undefined ? query.data : lastKnown?.value,
    offline: unreachable,
    savedAt:
      lastKnown?.saved_at ??
      (query.dataUpdatedAt ? new Date(query.dataUpdatedAt).toISOString() : undefined),
  };
}

/** GET /cravings over the last days (from `from`): only the summary is read. */
export function useCravingSummary(from: string) {
  return useQuery(cravingSummaryQuery(from));
}

/** GET /cravings page by page (newest first), for the log. */
export function useCravingLog() {
  return useInfiniteQuery(cravingLogQuery);
}

/** After a craving or check-in changes, every count that depends on the log is fetched again. */
function useRefreshLog() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companionKeys.cravings }),
      queryClient.invalidateQueries({ queryKey: companionKeys.progress }),
    ]);
}

/** What 'Log this craving' did: stored on the server, or kept on the device to send later. */
export interface LoggedCraving {
  outcome: Craving['outcome'];
  queued: boolean;
}

/**
 * POST /cravings with a client_id, so a retried submission is stored once. Without a network (or
 * when the send fails for the moment) the craving is kept on the device and sent later.
 */
export function useLogCraving() {
  const refresh = useRefreshLog();
  return useMutation({
    // Offline the call itself decides (it queues): the mutation must not wait for the network.
    networkMode: 'always',
    mutationFn: async (
      body: CravingCreateRequest & { client_id: string },
    ): Promise<LoggedCraving> => {
      const result = await sendOrQueue(
        async () => unwrap(await api.POST('/api/cravings', { body })).data,
        () => queuedCraving(body),
      );
      return { outcome: body.outcome, queued: result.queued };
    },
    onSuccess: (result) => (result.queued ? undefined : refresh()),
  });
}

/** DELETE /cravings/{id}. */
export function useDeleteCraving() {
  const refresh = useRefreshLog();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/cravings/{id}', { params: { path: { id } } })),
    onSuccess: () => refresh(),
  });
}

/** GET /check-ins for one date: that day's answer or null. */
export function useCheckIn(date: string) {
  return useQuery(checkInQuery(date));
}

/** The slips the member logged on `date` (count and units), which its check-in is filled from. */
export function useDaySlips(date: string) {
  return useQuery(daySlipsQuery(date));
}

/**
 * PUT /check-ins/{date}; a 'used' answer records a slip, so progress is fetched again. Without a
 * network the answer is kept on the device (`queued`) and sent later.
 */
export function useSaveCheckIn(date: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshLog();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: CheckInRequest) =>
      sendOrQueue(
        async () =>
          unwrap(await api.PUT('/api/check-ins/{date}', { params: { path: { date } }, body })).data,
        () => queuedCheckIn(date, body),
      ),
    onSuccess: (result) => {
      if (!result.queued) {
        queryClient.setQueryData(companionKeys.checkIns(date), result.sent);
        void refresh();
      }
    },
  });
}

/**
 * The member's writes waiting on this device to be sent ('waiting to sync'), oldest first; read
 * again whenever the queue changes.
 */
export function useQueuedWrites() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onQueueChange(
        () => void queryClient.invalidateQueries({ queryKey: ['companion', 'queued'] }),
      ),
    [queryClient],
  );
  return useQuery({ ...queuedWritesQuery(user?._id ?? ''), enabled: user !== null });
}

/** GET /follow-ups; an empty list when there is no plan. */
export function useFollowUps(enabled = true) {
  return useQuery({ ...followUpsQuery, enabled });
}

/** PUT /follow-ups/{week}. */
export function useAnswerFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ week, smoked }: { week: number; smoked: boolean }) =>
      unwrap(
        await api.PUT('/api/follow-ups/{week}', {
          params: { path: { week } },
          body: { smoked_last_7_days: smoked },
        }),
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companionKeys.followUps }),
  });
}

/** GET /dependence-test?variant=…: the questions (public). */
export function useDependenceQuestions(variant: DependenceVariant | null) {
  return useQuery({
    queryKey: companionKeys.questions(variant ?? 'smoking'),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/dependence-test', {
          params: { query: { variant: variant ?? 'smoking' } },
        }),
      ).data,
    enabled: variant !== null,
    staleTime: Infinity,
  });
}

/** POST /dependence-test: scored by the server, kept in the history when signed in. */
export function useScoreDependenceTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      variant: DependenceVariant;
      answers: { question_id: string; value: number }[];
    }) => unwrap(await api.POST('/api/dependence-test', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companionKeys.testHistory }),
  });
}

/** GET /dependence-test/history (signed-in members only). */
export function useDependenceHistory() {
  const user = useCurrentUser();
  return useQuery({ ...dependenceHistoryQuery, enabled: user !== null });
}
