import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VideoRenditions } from '@exhale/contract/renditions';
import { api, unwrap } from '../../lib/api';

/** While the worker makes them, the console asks this often how far it is. */
const POLL_MS = 2000;

const renditionsKey = (key: string) => ['admin', 'renditions', key] as const;

/** A video key the server stores (not an outside URL, which has no renditions). */
export function isStorageKey(value: string): boolean {
  return value !== '' && !/^(https?:)?\/\//.test(value) && !value.startsWith('/');
}

/** GET /api/admin/uploads/renditions: polled while pending or running. */
export function useVideoRenditions(key: string) {
  return useQuery({
    queryKey: renditionsKey(key),
    enabled: isStorageKey(key),
    queryFn: async (): Promise<VideoRenditions> =>
      unwrap(await api.GET('/api/admin/uploads/renditions', { params: { query: { key } } })).data,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'pending' || status === 'running' ? POLL_MS : false;
    },
  });
}

/** POST /api/admin/uploads/renditions: makes them again. */
export function useRetryRenditions(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/admin/uploads/renditions', { body: { key } })).data,
    onSuccess: (data) => queryClient.setQueryData(renditionsKey(key), data),
  });
}
