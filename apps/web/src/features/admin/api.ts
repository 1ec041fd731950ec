import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBlogCreate,
  AdminBlogUpdate,
  AdminCouponCreate,
  AdminCouponUpdate,
  AdminLessonCreate,
  AdminLessonUpdate,
  AdminLiveSessionCreate,
  AdminLiveSessionUpdate,
  AdminNewsCreate,
  AdminNewsUpdate,
  AdminNotificationDefinitionCreate,
  AdminNotificationDefinitionUpdate,
  AdminNotify,
  AdminPlanCreate,
  AdminPlanUpdate,
  AdminQuestionCreate,
  AdminQuestionUpdate,
  AdminQuizSetInput,
  LessonReorder,
  Upload,
  UploadKind,
} from '@exhale/contract/admin';
import type { ExploreStatus } from '@exhale/contract/content';
import type { RefundStatus } from '@exhale/contract/payments';
import { api, isApiErrorBody, unwrap, type ApiErrorBody } from '../../lib/api';
import { getBearerToken } from '../../lib/storage';

// Queries and mutations of the console (API.md "Admin"). Every write invalidates the lists it
// changes and the audit log, which records it.

const keys = {
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
function useInvalidate() {
  const queryClient = useQueryClient();
  return (...prefixes: readonly (readonly unknown[])[]) =>
    Promise.all(
      [...prefixes, ['admin', 'audit']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

// --- uploads ----------------------------------------------------------------------------------

/**
 * POST /admin/uploads through XMLHttpRequest: fetch cannot report upload progress, and a lesson
 * video takes long enough on an office uplink that the operator must see it move.
 */
export function uploadFile(
  kind: UploadKind,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/uploads?kind=${kind}`);
    const token = getBearerToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') {
        resolve((body as { data: Upload }).data);
      } else if (isApiErrorBody(body)) {
        reject({ ...body, status: xhr.status } satisfies ApiErrorBody);
      } else {
        reject(new Error(`HTTP ${xhr.status} from the upload`));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed (network).'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

// --- lessons and questions --------------------------------------------------------------------

export function useLessons() {
  return useQuery({
    queryKey: keys.lessons,
    queryFn: async () => unwrap(await api.GET('/api/admin/lessons')).data,
  });
}

export function useLesson(id: string | undefined) {
  return useQuery({
    queryKey: keys.lesson(id ?? ''),
    enabled: id !== undefined,
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/lessons/{id}', { params: { path: { id: id! } } })).data,
  });
}

export function useSaveLesson() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: AdminLessonCreate | AdminLessonUpdate }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/lessons/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminLessonUpdate,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/lessons', { body: input.body as AdminLessonCreate }))
            .data,
    onSuccess: () => invalidate(keys.lessons),
  });
}

export function useRetireLesson() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/admin/lessons/{id}', { params: { path: { id } } })).data,
    onSuccess: () => invalidate(keys.lessons),
  });
}

export function useReorderLessons() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: LessonReorder) =>
      unwrap(await api.PUT('/api/admin/lessons/reorder', { body })).data,
    onSuccess: () => invalidate(keys.lessons),
  });
}

export function useQuestions(group: QuestionGroup | undefined) {
  return useQuery({
    queryKey: keys.questions(group ?? { route: '' }),
    enabled: group !== undefined && !('route' in group && group.route === ''),
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/questions', { params: { query: group! } })).data,
  });
}

export function useExerciseRoutes() {
  return useQuery({
    queryKey: keys.routes,
    queryFn: async () => unwrap(await api.GET('/api/admin/questions/routes')).data,
  });
}

export function useSaveQuestion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: AdminQuestionCreate | AdminQuestionUpdate }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/questions/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminQuestionUpdate,
            }),
          ).data
        : unwrap(
            await api.POST('/api/admin/questions', { body: input.body as AdminQuestionCreate }),
          ).data,
    onSuccess: () => invalidate(['admin', 'questions']),
  });
}

export function useDeleteQuestion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/admin/questions/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidate(['admin', 'questions']),
  });
}

export function useReorderQuestions() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: { event?: 0 | 1 | 2; route?: string; ids: string[] }) =>
      unwrap(await api.PUT('/api/admin/questions/reorder', { body })).data,
    onSuccess: () => invalidate(['admin', 'questions']),
  });
}

// --- commerce ---------------------------------------------------------------------------------

export function usePlans() {
  return useQuery({
    queryKey: keys.plans,
    queryFn: async () => unwrap(await api.GET('/api/admin/plans')).data,
  });
}

export function useSavePlan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: AdminPlanCreate | AdminPlanUpdate }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/plans/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminPlanUpdate,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/plans', { body: input.body as AdminPlanCreate })).data,
    onSuccess: () => invalidate(keys.plans),
  });
}

export function useCoupons() {
  return useQuery({
    queryKey: keys.coupons,
    queryFn: async () => unwrap(await api.GET('/api/admin/coupons')).data,
  });
}

export function useSaveCoupon() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: AdminCouponCreate | AdminCouponUpdate }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/coupons/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminCouponUpdate,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/coupons', { body: input.body as AdminCouponCreate }))
            .data,
    onSuccess: () => invalidate(keys.coupons),
  });
}

export function useLiveSessions() {
  return useQuery({
    queryKey: keys.liveSessions,
    queryFn: async () => unwrap(await api.GET('/api/admin/live-sessions')).data,
  });
}

export function useSaveLiveSession() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: {
      id?: string;
      body: AdminLiveSessionCreate | AdminLiveSessionUpdate;
    }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/live-sessions/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminLiveSessionUpdate,
            }),
          ).data
        : unwrap(
            await api.POST('/api/admin/live-sessions', {
              body: input.body as AdminLiveSessionCreate,
            }),
          ).data,
    onSuccess: () => invalidate(keys.liveSessions),
  });
}

export function useEnrolments(id: string | undefined) {
  return useQuery({
    queryKey: keys.enrolments(id ?? ''),
    enabled: id !== undefined,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/live-sessions/{id}/enrolments', {
          params: { path: { id: id! } },
        }),
      ).data,
  });
}

export function usePayments(query: PageArgs & { q?: string }) {
  return useQuery({
    queryKey: keys.payments(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/payments', { params: { query: { page_size: 25, ...query } } }),
      ),
  });
}

/** A file the API serves to admins only: fetched with the bearer token, then saved. */
async function downloadFile(url: string, fallbackName: string): Promise<void> {
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

/** The invoice PDF of a payment. */
export function downloadInvoice(paymentId: string): Promise<void> {
  return downloadFile(
    `/api/admin/payments/${encodeURIComponent(paymentId)}/invoice`,
    'invoice.pdf',
  );
}

/** The GST credit note PDF of an approved refund (decision 029). */
export function downloadCreditNote(refundId: string): Promise<void> {
  return downloadFile(
    `/api/admin/refunds/${encodeURIComponent(refundId)}/credit-note`,
    'credit-note.pdf',
  );
}

export function useRefunds(query: PageArgs & { status?: RefundStatus }) {
  return useQuery({
    queryKey: keys.refunds(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/refunds', { params: { query: { page_size: 25, ...query } } }),
      ),
  });
}

export function useDecideRefund() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      input.decision === 'approve'
        ? unwrap(
            await api.POST('/api/admin/refunds/{id}/approve', {
              params: { path: { id: input.id } },
            }),
          )
        : unwrap(
            await api.POST('/api/admin/refunds/{id}/reject', {
              params: { path: { id: input.id } },
              body: { reason: input.reason ?? '' },
            }),
          ),
    onSuccess: () => invalidate(['admin', 'refunds'], ['admin', 'payments'], ['admin', 'users']),
  });
}

// --- people -----------------------------------------------------------------------------------

export function useUsers(query: PageArgs & { q?: string }) {
  return useQuery({
    queryKey: keys.users(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/users', { params: { query: { page_size: 25, ...query } } })),
  });
}

/** GET /admin/outcomes: follow-up answers per cohort (month of the quit date). */
export function useOutcomes() {
  return useQuery({
    queryKey: ['admin', 'outcomes'],
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/outcomes', { params: { query: { group: 'month' } } })).data,
  });
}

export function useUserDetail(id: string) {
  return useQuery({
    queryKey: keys.user(id),
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/users/{id}', { params: { path: { id } } })).data,
  });
}

export function useChangeRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; role: 'user' | 'admin' }) =>
      unwrap(
        await api.PUT('/api/admin/users/{id}/role', {
          params: { path: { id: input.id } },
          body: { role: input.role },
        }),
      ).data,
    onSuccess: () => invalidate(['admin', 'users']),
  });
}

export function useNotifyUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; body: AdminNotify }) =>
      unwrap(
        await api.POST('/api/admin/users/{id}/notifications', {
          params: { path: { id: input.id } },
          body: input.body,
        }),
      ),
    onSuccess: () => invalidate(),
  });
}

export function useFeedback(query: PageArgs & { status: FeedbackStatus }) {
  return useQuery({
    queryKey: keys.feedback(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/feedback', { params: { query: { page_size: 25, ...query } } }),
      ),
  });
}

export function useReplyFeedback() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; reply: string }) =>
      unwrap(
        await api.POST('/api/admin/feedback/{id}/reply', {
          params: { path: { id: input.id } },
          body: { reply: input.reply },
        }),
      ).data,
    onSuccess: () => invalidate(['admin', 'feedback'], ['admin', 'users']),
  });
}

// --- audit and metrics ------------------------------------------------------------------------

export function useAudit(query: PageArgs & { entity?: string }) {
  return useQuery({
    queryKey: keys.audit(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/audit', { params: { query: { page_size: 25, ...query } } })),
  });
}

export function useMetrics(days: number) {
  return useQuery({
    queryKey: keys.metrics(days),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/metrics', { params: { query: { days } } })).data,
  });
}

// --- notification definitions ------------------------------------------------------------------

export function useNotificationDefinitions() {
  return useQuery({
    queryKey: keys.notificationDefinitions,
    queryFn: async () => unwrap(await api.GET('/api/admin/notification-definitions')).data,
  });
}

export function useSaveNotificationDefinition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: {
      id?: string;
      body: AdminNotificationDefinitionCreate | AdminNotificationDefinitionUpdate;
    }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/notification-definitions/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminNotificationDefinitionUpdate,
            }),
          ).data
        : unwrap(
            await api.POST('/api/admin/notification-definitions', {
              body: input.body as AdminNotificationDefinitionCreate,
            }),
          ).data,
    onSuccess: () => invalidate(keys.notificationDefinitions),
  });
}

export function useDeleteNotificationDefinition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        await api.DELETE('/api/admin/notification-definitions/{id}', {
          params: { path: { id } },
        }),
      ),
    onSuccess: () => invalidate(keys.notificationDefinitions),
  });
}

// --- editorial ---------------------------------------------------------------------------------

export function useBlogs() {
  return useQuery({
    queryKey: keys.blogs,
    queryFn: async () => unwrap(await api.GET('/api/admin/blogs')).data,
  });
}

export function useSaveBlog() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: AdminBlogCreate | AdminBlogUpdate }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/blogs/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminBlogUpdate,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/blogs', { body: input.body as AdminBlogCreate })).data,
    onSuccess: () => invalidate(keys.blogs),
  });
}

export function useDeleteBlog() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/admin/blogs/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidate(keys.blogs),
  });
}

export function useNews() {
  return useQuery({
    queryKey: keys.news,
    queryFn: async () => unwrap(await api.GET('/api/admin/news')).data,
  });
}

export function useSaveNews() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: AdminNewsCreate | AdminNewsUpdate }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/news/{id}', {
              params: { path: { id: input.id } },
              body: input.body as AdminNewsUpdate,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/news', { body: input.body as AdminNewsCreate })).data,
    onSuccess: () => invalidate(keys.news),
  });
}

export function useDeleteNews() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/admin/news/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidate(keys.news),
  });
}

export function useQuizSets() {
  return useQuery({
    queryKey: keys.quizzes,
    queryFn: async () => unwrap(await api.GET('/api/admin/quizzes')).data,
  });
}

export function useQuizSet(id: string | undefined) {
  return useQuery({
    queryKey: keys.quiz(id ?? ''),
    enabled: id !== undefined,
    queryFn: async () =>
      unwrap(await api.GET('/api/admin/quizzes/{id}', { params: { path: { id: id! } } })).data,
  });
}

export function useSaveQuizSet() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id?: string; body: AdminQuizSetInput }) =>
      input.id
        ? unwrap(
            await api.PUT('/api/admin/quizzes/{id}', {
              params: { path: { id: input.id } },
              body: input.body,
            }),
          ).data
        : unwrap(await api.POST('/api/admin/quizzes', { body: input.body })).data,
    onSuccess: () => invalidate(keys.quizzes),
  });
}

export function useDeleteQuizSet() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/admin/quizzes/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidate(keys.quizzes),
  });
}

/** The registrants' answers as a CSV download (authenticated, so fetched, not linked). */
export function downloadQuizResponses(id: string): Promise<void> {
  return downloadFile(
    `/api/admin/quizzes/${encodeURIComponent(id)}/registrations.csv`,
    'responses.csv',
  );
}

// --- community ---------------------------------------------------------------------------------

export function useExploreQueue(query: PageArgs & { status: ExploreStatus }) {
  return useQuery({
    queryKey: keys.explore(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/explore', { params: { query: { page_size: 24, ...query } } }),
      ),
  });
}

export function useModeratePost() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; decision: 'approve' | 'reject' }) =>
      input.decision === 'approve'
        ? unwrap(
            await api.POST('/api/admin/explore/{id}/approve', {
              params: { path: { id: input.id } },
            }),
          ).data
        : unwrap(
            await api.POST('/api/admin/explore/{id}/reject', {
              params: { path: { id: input.id } },
            }),
          ).data,
    onSuccess: () => invalidate(['admin', 'explore']),
  });
}

export function useReviews(query: PageArgs & { hidden?: 'true' | 'false' }) {
  return useQuery({
    queryKey: keys.reviews(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/admin/explore-reviews', {
          params: { query: { page_size: 25, ...query } },
        }),
      ),
  });
}

export function useSetReviewHidden() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { id: string; hidden: boolean }) =>
      unwrap(
        await api.PUT('/api/admin/explore-reviews/{id}', {
          params: { path: { id: input.id } },
          body: { hidden: input.hidden },
        }),
      ).data,
    onSuccess: () => invalidate(['admin', 'explore-reviews'], ['admin', 'explore']),
  });
}
