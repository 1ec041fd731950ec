import { queryOptions } from '@tanstack/react-query';
import type { Plan } from '@exhale/contract/payments';
import { api, unwrap } from '../../lib/api';

// Read by the Plans page (api.ts) and started by its route loader (app/routes/page-data.ts).

export const plansKey = ['plans', 'list'] as const;

/** GET /plan: the free plan first, then the one on sale. */
export const plansQuery = queryOptions({
  queryKey: plansKey,
  queryFn: async (): Promise<Plan[]> => unwrap(await api.GET('/api/plan')).data,
});
