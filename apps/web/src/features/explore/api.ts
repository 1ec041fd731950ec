import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExplorePost, ExploreReview } from '@exhale/contract/content';
import { api, unwrap } from '../../lib/api';

export type { ExplorePost, ExploreReview };

export const exploreKeys = {
  posts: ['explore', 'posts'] as const,
  reviews: (exploreId: string) => ['explore', 'reviews', exploreId] as const,
};

/** GET /explore?status=approved: the feed only ever asks for approved posts (spec §9). */
export function useExplorePosts() {
  return useQuery({
    queryKey: exploreKeys.posts,
    queryFn: async (): Promise<ExplorePost[]> =>
      unwrap(await api.GET('/api/explore', { params: { query: { status: 'approved' } } })).data,
  });
}

/** POST /explore as multipart: the picture in `image`, an optional `title`. */
export function useUploadExplorePost() {
  return useMutation({
    mutationFn: async ({ file, title }: { file: File; title: string }) => {
      const form = new FormData();
      if (title.trim()) form.append('title', title.trim());
      form.append('image', file);
      // The OpenAPI document cannot type a file part; openapi-fetch sends FormData as is.
      return unwrap(await api.POST('/api/explore', { body: form as never }));
    },
  });
}

/** GET /explore-review?explore_id=…: one list per post. */
export function useExploreReviews(exploreId: string) {
  return useQuery({
    queryKey: exploreKeys.reviews(exploreId),
    queryFn: async (): Promise<ExploreReview[]> =>
      unwrap(await api.GET('/api/explore-review', { params: { query: { explore_id: exploreId } } }))
        .data,
  });
}

export function useAddExploreReview(exploreId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (review: string) =>
      unwrap(await api.POST('/api/explore-review', { body: { explore_id: exploreId, review } }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exploreKeys.reviews(exploreId) }),
  });
}
