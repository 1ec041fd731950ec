// What every area of the console's API hooks shares: the query keys, paging arguments, the
// invalidation after a write (the audit log records every write) and authenticated downloads.
import type { ExploreStatus } from '@exhale/contract/content';
import type { RefundStatus } from '@exhale/contract/payments';
import { useQueryClient } from '@tanstack/react-query';
import { type ApiErrorBody, isApiErrorBody } from '../../../lib/api';
import { getBearerToken } from '../../../lib/storage';

export const keys = {
  all: ['admin'] as const,
  lessons: ['admin', 'lessons'] as const,
  lesson: (id: string) => ['admin', 'lessons', id] as const,
  questions: (group: QuestionGroup) => ['admin', 'questions', group] as const,
  routes: ['admin', 'questions', 'routes'] as const,
  plans: ['admin', 'plans'] as const,
  coupons: ['admin', 'coupons'] as const,
  liveSessions: ['admin', 'live-sessions'] as const,
  enrolments: (id: string) => ['admin', 'live-sessions', id, 'enrolments'] as const,
  payments: (query: PageArgs & { q?: string }) => ['admin', 'payments', query] as const,
  refunds: (query: PageArgs & { status?: RefundStatus }) => ['admin', 'refunds', query] as const,
  users: (query: PageArgs & { q?: string }) => ['admin', 'users', query] as const,
  user: (id: string) => ['admin', 'users', 'detail', id] as const,
  feedback: (query: PageArgs & { status: FeedbackStatus }) => ['admin', 'feedback', query] as const,
  audit: (query: PageArgs & { entity?: string }) => ['admin', 'audit', query] as const,
  metrics: (days: number) => ['admin', 'metrics', days] as const,
  blogs: ['admin', 'blogs'] as const,
  news: ['admin', 'news'] as const,
  notificationDefinitions: ['admin', 'notification-definitions'] as const,
  quizzes: ['admin', 'quizzes'] as const,
  quiz: (id: string) => ['admin', 'quizzes', id] as const,
  explore: (query: PageArgs & { status: ExploreStatus }) => ['admin', 'explore', query] as const,
  reviews: (query: PageArgs & { hidden?: 'true' | 'false' }) =>
    ['admin', 'explore-reviews', query] as const,
};

export interface PageArgs {
  page: number;
  page_size?: number;
}
export type QuestionGroup = { event: '0' | '1' | '2' } | { route: string };
export type FeedbackStatus = 'open' | 'replied' | 'all';

/** After any write: what it changed, and the audit log that now records it. */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return (...prefixes: readonly (readonly unknown[])[]) =>
    Promise.all(
      [...prefixes, ['admin', 'audit']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** A file the API serves to admins only: fetched with the bearer token, then saved. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const token = getBearerToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (isApiErrorBody(body)) throw { ...body, status: response.status } satisfies ApiErrorBody;
    throw new Error(`HTTP ${response.status}`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
