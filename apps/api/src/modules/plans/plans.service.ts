import type { Plan } from '@exhale/contract/payments';
import { paiseToRupees } from '@exhale/contract/money';
import type { Executor } from '../../db/client';
import type { PlanRow } from '../../db/schema/money';
import { isUuid } from '../../lib/ids';
import { PlansRepository } from './plans.repository';

/** What a plan costs before any coupon: the special price when there is one. */
export function sellingPricePaise(plan: PlanRow): number {
  return plan.specialPricePaise ?? plan.pricePaise;
}

/** Spec §3: duration 0 is the free plan. */
export function isFreePlan(plan: PlanRow): boolean {
  return plan.duration === 0;
}

export function toPlan(plan: PlanRow): Plan {
  return {
    _id: plan.id,
    name: plan.name,
    description: plan.description,
    price: paiseToRupees(plan.pricePaise),
    price_paise: plan.pricePaise,
    special_price: plan.specialPricePaise === null ? null : paiseToRupees(plan.specialPricePaise),
    special_price_paise: plan.specialPricePaise,
    features: plan.features,
    duration: plan.duration,
    duration_type: plan.durationType,
  };
}

export async function listPlans(db: Executor): Promise<Plan[]> {
  return (await new PlansRepository(db).listActive()).map(toPlan);
}

export async function findActivePlan(db: Executor, id: string): Promise<PlanRow | undefined> {
  return isUuid(id) ? new PlansRepository(db).findActive(id) : undefined;
}

/**
 * When a plan bought now runs out: never for 'lifetime' (NULL), otherwise `duration` units after
 * the purchase.
 */
export function planExpiry(plan: PlanRow, purchasedAt: Date): Date | null {
  const date = new Date(purchasedAt);
  switch (plan.durationType) {
    case 'lifetime':
      return null;
    case 'day':
      date.setUTCDate(date.getUTCDate() + plan.duration);
      return date;
    case 'month':
      date.setUTCMonth(date.getUTCMonth() + plan.duration);
      return date;
    case 'year':
      date.setUTCFullYear(date.getUTCFullYear() + plan.duration);
      return date;
  }
}
