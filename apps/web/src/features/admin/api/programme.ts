// The console's programme calls (API.md "Admin"): uploads, lessons and questions.
import type {
  AdminLessonCreate,
  AdminLessonUpdate,
  AdminQuestionCreate,
  AdminQuestionUpdate,
  LessonReorder,
  Upload,
  UploadKind,
} from '@exhale/contract/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type ApiErrorBody, isApiErrorBody, unwrap } from '../../../lib/api';
import { getBearerToken } from '../../../lib/storage';
import { keys, type QuestionGroup, useInvalidate } from './shared';

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
