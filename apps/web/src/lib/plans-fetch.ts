import type { Plan } from '@exhale/contract/payments';
import { api, unwrap } from './api';

/** GET /plan (public): the free plan first, then the one on sale. */
export const fetchPlans = async (): Promise<Plan[]> => unwrap(await api.GET('/api/plan')).data;
