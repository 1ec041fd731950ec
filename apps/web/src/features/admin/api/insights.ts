// The console's reports (API.md "Admin"): the audit log and the metrics.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { keys, type PageArgs } from './shared';

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
