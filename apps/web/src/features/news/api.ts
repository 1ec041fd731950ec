import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsItem } from '@exhale/contract/content';
import { api, unwrap } from '../../lib/api';

export type { NewsItem };

/** GET /news-and-media: newest first. A failed fetch is only logged (spec §8). */
export const newsQuery = queryOptions({
  queryKey: ['news', 'list'],
  queryFn: async (): Promise<NewsItem[]> => unwrap(await api.GET('/api/news-and-media')).data,
});

export function useNews() {
  return useQuery(newsQuery);
}
