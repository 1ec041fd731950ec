import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, errorStatus } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth-store';
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

export const companionKeys = {
  all: ['companion'] as const,
  plan: ['companion', 'plan'] as const,
  progress: ['companion', 'progress'] as const,
  cravings: ['companion', 'cravings'] as const,
  summary: (from: string) => ['companion', 'cravings', 'summary', from] as const,
  checkIns: (date: string) => ['companion', 'check-ins', date] as const,
  followUps: ['companion', 'follow-ups'] as const,
  testHistory: ['companion', 'dependence-test', 'history'] as const,
  questions: (variant: DependenceVariant) => ['companion', 'dependence-test', variant] as const,
};

/** GET /quit-plan: the member's plan, or null when there is none yet. */
export function useQuitPlan(enabled = true) {
  return useQuery({
    queryKey: companionKeys.plan,
    queryFn: async () => unwrap(await api.GET('/api/quit-plan')).data,
    enabled,
  });
}

/** PUT /quit-plan. A saved plan changes every count, so the companion's caches are refreshed. */
export function useSaveQuitPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: QuitPlanRequest) =>
      unwrap(await api.PUT('/api/quit-plan', { body })).data,
    onSuccess: (plan) => {
      queryClient.setQueryData(companionKeys.plan, plan);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'companion' && query.queryKey[1] !== 'plan',
      });
    },
  });
}

/**
 * GET /quit-plan/progress; null when the member has no plan yet (404 NO_QUIT_PLAN), which pages
 * show as an invitation rather than an error.
 */
export function useProgress(enabled = true) {
  return useQuery({
    queryKey: companionKeys.progress,
    queryFn: async () => {
      try {
        return unwrap(await api.GET('/api/quit-plan/progress')).data;
      } catch (error) {
        if (errorStatus(error) === 404) return null;
        throw error;
      }
    },
    enabled,
  });
}

/** GET /cravings over the last days (from `from`): only the summary is read. */
export function useCravingSummary(from: string) {
  return useQuery({
    queryKey: companionKeys.summary(from),
    queryFn: async () =>
      unwrap(await api.GET('/api/cravings', { params: { query: { from, limit: 1 } } })).summary,
  });
}

/** GET /cravings page by page (newest first), for the log. */
export function useCravingLog() {
  return useInfiniteQuery({
    queryKey: [...companionKeys.cravings, 'log'],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET('/api/cravings', {
          params: { query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
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

/** POST /cravings with a client_id, so a retried submission is stored once. */
export function useLogCraving() {
  const refresh = useRefreshLog();
  return useMutation({
    mutationFn: async (body: CravingCreateRequest) =>
      unwrap(await api.POST('/api/cravings', { body })).data,
    onSuccess: () => refresh(),
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
  return useQuery({
    queryKey: companionKeys.checkIns(date),
    queryFn: async () => {
      const list = unwrap(
        await api.GET('/api/check-ins', { params: { query: { from: date, to: date } } }),
      ).data;
      return list.find((entry) => entry.date === date) ?? null;
    },
  });
}

/** PUT /check-ins/{date}; a 'used' answer records a slip, so progress is fetched again. */
export function useSaveCheckIn(date: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshLog();
  return useMutation({
    mutationFn: async (body: CheckInRequest) =>
      unwrap(await api.PUT('/api/check-ins/{date}', { params: { path: { date } }, body })).data,
    onSuccess: (checkIn) => {
      queryClient.setQueryData(companionKeys.checkIns(date), checkIn);
      void refresh();
    },
  });
}

/** GET /follow-ups; an empty list when there is no plan. */
export function useFollowUps(enabled = true) {
  return useQuery({
    queryKey: companionKeys.followUps,
    queryFn: async () => {
      try {
        return unwrap(await api.GET('/api/follow-ups')).data;
      } catch (error) {
        if (errorStatus(error) === 404) return [];
        throw error;
      }
    },
    enabled,
  });
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
  return useQuery({
    queryKey: companionKeys.testHistory,
    queryFn: async () => unwrap(await api.GET('/api/dependence-test/history')).data,
    enabled: user !== null,
  });
}
