import { queryOptions } from '@tanstack/react-query';
import { fetchPlans } from '../../lib/plans-fetch';

// Read by the Plans page (api.ts) and started by its route loader (app/routes/page-data.ts).

export const plansKey = ['plans', 'list'] as const;

/** GET /plan: the free plan first, then the one on sale. */
export const plansQuery = queryOptions({ queryKey: plansKey, queryFn: fetchPlans });
