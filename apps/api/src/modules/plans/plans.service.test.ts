import { describe, expect, it } from 'vitest';
import { fakeDataAccess } from '../../../test/fakes/data-access';
import type { PlanRow } from '../../db/schema/money';
import {
  isFreePlan,
  planExpiry,
  PlansService,
  sellingPricePaise,
  toPlan,
  type PlansRepositories,
} from './plans.service';

const PREMIUM_ID = '00000000-0000-4000-8000-0000000000a1';

function plan(overrides: Partial<PlanRow> = {}): PlanRow {
  return {
    id: PREMIUM_ID,
    code: 'premium',
    name: 'Premium',
    description: '',
    pricePaise: 99_900,
    specialPricePaise: null,
    features: [],
    duration: 3,
    durationType: 'month',
    active: true,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

describe('plan price', () => {
  it('sells at the special price when there is one, otherwise at the list price', () => {
    expect(sellingPricePaise(plan())).toBe(99_900);
    expect(sellingPricePaise(plan({ specialPricePaise: 49_900 }))).toBe(49_900);
    // A special price of nothing is still a special price (a free promotion), not "none".
    expect(sellingPricePaise(plan({ specialPricePaise: 0 }))).toBe(0);
  });

  it('shows both prices in rupees and in paise', () => {
    expect(toPlan(plan({ specialPricePaise: 49_950 }))).toMatchObject({
      _id: PREMIUM_ID,
      price: 999,
      price_paise: 99_900,
      special_price: 499.5,
      special_price_paise: 49_950,
    });
    expect(toPlan(plan()).special_price).toBeNull();
  });

  it('treats duration 0 as the free plan', () => {
    expect(isFreePlan(plan({ duration: 0, durationType: 'lifetime' }))).toBe(true);
    expect(isFreePlan(plan())).toBe(false);
  });
});

describe('plan expiry', () => {
  const bought = new Date('2026-01-31T10:00:00Z');

  it('never runs out for lifetime, and counts days, months and years from the purchase', () => {
    expect(planExpiry(plan({ durationType: 'lifetime' }), bought)).toBeNull();
    expect(planExpiry(plan({ duration: 10, durationType: 'day' }), bought)).toEqual(
      new Date('2026-02-10T10:00:00Z'),
    );
    expect(planExpiry(plan({ duration: 1, durationType: 'year' }), bought)).toEqual(
      new Date('2027-01-31T10:00:00Z'),
    );
    // JavaScript's month arithmetic: 31 January + 1 month rolls over to 3 March.
    expect(planExpiry(plan({ duration: 1, durationType: 'month' }), bought)).toEqual(
      new Date('2026-03-03T10:00:00Z'),
    );
  });
});

describe('plans on sale', () => {
  it('finds a plan on sale by id, and an id that is no UUID names none without a look-up', async () => {
    const looked: string[] = [];
    const repos: PlansRepositories = {
      plans: {
        listActive: async () => [plan()],
        findActive: async (id) => {
          looked.push(id);
          return id === PREMIUM_ID ? plan() : undefined;
        },
      },
    };
    const service = new PlansService({ data: fakeDataAccess(repos) });
    await expect(service.findActive(PREMIUM_ID)).resolves.toMatchObject({ id: PREMIUM_ID });
    await expect(service.findActive('premium')).resolves.toBeUndefined();
    expect(looked).toEqual([PREMIUM_ID]);
    await expect(service.list()).resolves.toMatchObject([{ _id: PREMIUM_ID, price: 999 }]);
  });
});
