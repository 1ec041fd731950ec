import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentPlan, RefundState } from '@exhale/contract/payments';
import { api, unwrap } from './api';

/** What GET /user-plan/current answers: the plan and what the server decides around it. */
export interface PlanState {
  /** Null on the free plan. */
  plan: CurrentPlan | null;
  /** The one purchase rule every Upgrade and Buy button follows (decision 040). */
  canBuyPremium: boolean;
  /** The latest refund request and its state. */
  refund: RefundState | null;
}

/**
 * Shared by the Plans page and the dashboard's Upgrade button (both ask the server, neither
 * decides), so one cache entry and one invalidation serve both.
 */
export const planStateKey = ['plans', 'current'] as const;

export async function fetchPlanState(): Promise<PlanState> {
  const body = unwrap(await api.GET('/api/user-plan/current'));
  return { plan: body.data, canBuyPremium: body.can_buy_premium, refund: body.refund };
}

/** GET /user-plan/current. */
export const planStateQuery = queryOptions({ queryKey: planStateKey, queryFn: fetchPlanState });

export function usePlanState(options: { enabled?: boolean } = {}) {
  return useQuery({ ...planStateQuery, enabled: options.enabled ?? true });
}
