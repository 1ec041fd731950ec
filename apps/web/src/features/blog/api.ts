import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Blog, BlogSummary } from '@exhale/contract/content';
import { api, unwrap } from '../../lib/api';

export type { Blog, BlogSummary };

export const blogKeys = {
  list: ['blog', 'list'] as const,
  post: (id: string) => ['blog', 'post', id] as const,
};

/** GET /blog: published posts, newest first. */
export const blogsQuery = queryOptions({
  queryKey: blogKeys.list,
  queryFn: async (): Promise<BlogSummary[]> => unwrap(await api.GET('/api/blog')).data,
});

/** The blog list. A failed fetch is only logged (spec §8). */
export function useBlogs() {
  return useQuery(blogsQuery);
}

/** GET /blog/{id}: one post with its HTML content. */
export const blogQuery = (id: string) =>
  queryOptions({
    queryKey: blogKeys.post(id),
    queryFn: async (): Promise<Blog> =>
      unwrap(await api.GET('/api/blog/{id}', { params: { path: { id } } })).data,
    // A missing post stays missing; retrying a 404 only delays the message.
    retry: false,
  });

export function useBlog(id: string) {
  return useQuery(blogQuery(id));
}
