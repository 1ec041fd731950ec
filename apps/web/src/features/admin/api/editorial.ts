// The console's editorial calls (API.md "Admin"): blogs, news and quiz sets.
import type {
  AdminBlogCreate,
  AdminBlogUpdate,
  AdminNewsCreate,
  AdminNewsUpdate,
  AdminQuizSetInput,
} from '@exhale/contract/admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { downloadFile, keys, useInvalidate } from './shared';

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
