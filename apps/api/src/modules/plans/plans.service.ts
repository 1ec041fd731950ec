import type { Plan } from '@exhale/contract/payments';
import { paiseToRupees } from '@exhale/contract/money';
import type { PlanRow } from '../../db/schema/money';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import type { PlansRepository } from './plans.repository';

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

/** What the plan look-ups read (plans.module.ts builds them). */
export interface PlansRepositories {
  plans: Pick<PlansRepository, 'listActive' | 'findActive'>;
}

/** The plans on sale. */
export class PlansService {
  constructor(private readonly deps: { data: DataAccess<PlansRepositories> }) {}

  async list(): Promise<Plan[]> {
    return (await this.deps.data.repos.plans.listActive()).map(toPlan);
  }

  /** A plan on sale by id; an id that is no UUID names none. */
  async findActive(id: string): Promise<PlanRow | undefined> {
    return isUuid(id) ? this.deps.data.repos.plans.findActive(id) : undefined;
  }
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
