import type { Plan } from '@exhale/contract/payments';
import { api, unwrap } from './api';
import { planOnSale, priceWithGst } from './plan-price';

/** GET /plan (public): the free plan first, then the one on sale. */
export const fetchPlans = async (): Promise<Plan[]> => unwrap(await api.GET('/api/plan')).data;

/**
 * The plan on sale, announced with its GST (undefined when none is on sale). It lives in this lazy
 * module with the API client so that the rupee formatting, too, stays out of the landing page's
 * first download.
 */
export const fetchPlanOnSalePrice = async () => {
  const plan = planOnSale(await fetchPlans());
  return plan ? priceWithGst(plan) : undefined;
};
