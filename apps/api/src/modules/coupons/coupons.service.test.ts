import { Messages } from '@exhale/contract/messages';
import { describe, expect, it } from 'vitest';
import { fakeDataAccess } from '../../../test/fakes/data-access';
import type { Executor } from '../../db/client';
import type { CouponRow } from '../../db/schema/money';
import { COUPON_HOLD_MS, CouponsService, type CouponsRepositories } from './coupons.service';

const NOW = new Date('2026-03-10T06:00:00Z');
const BUYER = '00000000-0000-4000-8000-000000000001';
const COUPON_ID = '00000000-0000-4000-8000-0000000000c1';

function coupon(overrides: Partial<CouponRow> = {}): CouponRow {
  return {
    id: COUPON_ID,
    code: 'SAVE20',
    type: 'percent',
    value: 20,
    expiresAt: null,
    maxUses: null,
    maxUsesPerUser: 1,
    active: true,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

/** One coupon in memory with the uses already counted against it; records how it was read. */
function setup(row: CouponRow | undefined, used = { total: 0, byUser: 0 }) {
  const calls = { locked: [] as string[], holdsSince: [] as Date[] };
  const repos: CouponsRepositories = {
    coupons: {
      findByCode: async (code) => (row?.code === code ? row : undefined),
      findById: async (id) => (row?.id === id ? row : undefined),
      lockById: async (id) => {
        calls.locked.push(id);
        return row?.id === id ? row : undefined;
      },
      claimCounts: async (_couponId, _userId, holdsSince) => {
        calls.holdsSince.push(holdsSince);
        return used;
      },
    },
  };
  return { service: new CouponsService({ data: fakeDataAccess(repos) }), calls };
}

async function errorCode(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('coupon validity', () => {
  it('accepts a code typed in any case and with spaces around it', async () => {
    const { service } = setup(coupon());
    await expect(service.verifyCode(BUYER, '  save20 ', NOW)).resolves.toMatchObject({
      id: COUPON_ID,
    });
  });

  it('names an unknown code, and a code of the wrong length is unknown without a look-up', async () => {
    const { service } = setup(coupon());
    expect(await errorCode(service.verifyCode(BUYER, 'SAVE21', NOW))).toBe(
      Messages.COUPON_NOT_FOUND.code,
    );
    expect(await errorCode(service.verifyCode(BUYER, 'SAVE2000', NOW))).toBe(
      Messages.COUPON_NOT_FOUND.code,
    );
    expect(await errorCode(service.usableById(BUYER, 'not-a-uuid', NOW))).toBe(
      Messages.COUPON_NOT_FOUND.code,
    );
  });

  it('refuses a switched-off coupon before an expired one, and an expired one at its expiry instant', async () => {
    expect(
      await errorCode(
        setup(
          coupon({ active: false, expiresAt: new Date('2026-01-01T00:00:00Z') }),
        ).service.verifyCode(BUYER, 'SAVE20', NOW),
      ),
    ).toBe(Messages.COUPON_INACTIVE.code);
    expect(
      await errorCode(setup(coupon({ expiresAt: NOW })).service.verifyCode(BUYER, 'SAVE20', NOW)),
    ).toBe(Messages.COUPON_EXPIRED.code);
    await expect(
      setup(coupon({ expiresAt: new Date(NOW.getTime() + 1) })).service.verifyCode(
        BUYER,
        'SAVE20',
        NOW,
      ),
    ).resolves.toMatchObject({ id: COUPON_ID });
  });

  it('is used up when its uses (redemptions and others’ holds) reach the limit, before asking about the buyer', async () => {
    const { service, calls } = setup(coupon({ maxUses: 3, maxUsesPerUser: 1 }), {
      total: 3,
      byUser: 1,
    });
    expect(await errorCode(service.usableById(BUYER, COUPON_ID, NOW))).toBe(
      Messages.COUPON_USED_UP.code,
    );
    // Unpaid checkouts hold a use for the hold period only.
    expect(calls.holdsSince).toEqual([new Date(NOW.getTime() - COUPON_HOLD_MS)]);
  });

  it('refuses a buyer who has used it as often as one buyer may, and lets them under the limit', async () => {
    expect(
      await errorCode(
        setup(coupon({ maxUsesPerUser: 2 }), { total: 2, byUser: 2 }).service.usableById(
          BUYER,
          COUPON_ID,
          NOW,
        ),
      ),
    ).toBe(Messages.COUPON_ALREADY_USED.code);
    await expect(
      setup(coupon({ maxUses: 3, maxUsesPerUser: 2 }), { total: 2, byUser: 1 }).service.usableById(
        BUYER,
        COUPON_ID,
        NOW,
      ),
    ).resolves.toMatchObject({ id: COUPON_ID });
  });

  it('claims by locking the coupon row first, then applies the same rules', async () => {
    const { service, calls } = setup(coupon({ maxUses: 1 }), { total: 1, byUser: 0 });
    expect(await errorCode(service.claim({} as Executor, BUYER, COUPON_ID, NOW))).toBe(
      Messages.COUPON_USED_UP.code,
    );
    expect(calls.locked).toEqual([COUPON_ID]);
  });
});
