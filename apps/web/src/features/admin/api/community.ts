// The console's community calls (API.md "Admin"): the Explore queue and reviews.
import type { ExploreStatus } from '@exhale/contract/content';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { keys, type PageArgs, useInvalidate } from './shared';

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
