import { Messages } from '@exhale/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeDataAccess, fixedClock } from '../../../test/fakes/data-access';
import type { PaymentRow, RefundRow, UserPlanRow } from '../../db/schema/money';
import type { UserRow } from '../../db/schema/users';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { RefundsService, type RefundsRepositories } from './refunds.service';

const MEMBER = '00000000-0000-4000-8000-000000000001';
const STRANGER = '00000000-0000-4000-8000-000000000002';
const USER_PLAN = '00000000-0000-4000-8000-0000000000a1';
const PAYMENT = '00000000-0000-4000-8000-0000000000b1';
/** Monday 5 January 2026, 10:00 IST; its tenth business day is Monday 19 January. */
const PURCHASED_AT = new Date('2026-01-05T04:30:00Z');

const unused = () => {
  throw new Error('not used by a refund request');
};

/** The rows a refund request touches, kept in memory. */
function memory() {
  const userPlans = new Map<string, UserPlanRow>();
  const refunds: RefundRow[] = [];
  const notices: { userId: string; title: string }[] = [];
  /** The member's account language (decision 065), which the notice is written in. */
  const member = { id: MEMBER, language: 'en' } as UserRow;
  userPlans.set(USER_PLAN, {
    id: USER_PLAN,
    userId: MEMBER,
    planId: '00000000-0000-4000-8000-0000000000c1',
    paymentId: PAYMENT,
    status: 'active',
    rejectedReason: null,
    purchasedAt: PURCHASED_AT,
    expiryDate: null,
    refundRequestedAt: null,
    createdAt: PURCHASED_AT,
  });
  const repos: RefundsRepositories = {
    userPlans: {
      lockOwned: async (id, userId) => {
        const row = userPlans.get(id);
        return row?.userId === userId ? { ...row } : undefined;
      },
      update: async (id, patch) => {
        userPlans.set(id, { ...userPlans.get(id)!, ...patch });
      },
      lock: unused,
      makeFree: unused,
    } as RefundsRepositories['userPlans'],
    payments: {
      findPayment: async (id) =>
        id === PAYMENT ? ({ amountPaise: 589_882 } as PaymentRow) : undefined,
      findOrder: unused,
      findPaymentByProviderId: unused,
      setPaymentStatus: unused,
      hasCapturedPayment: unused,
      setOrderStatus: unused,
    },
    refunds: {
      // The unique refunds.user_plan_id: a second request for the plan inserts nothing.
      insert: async (values) => {
        if (refunds.some((refund) => refund.userPlanId === values.userPlanId)) return undefined;
        const row = {
          ...values,
          id: `refund-${refunds.length + 1}`,
          status: 'requested',
        } as RefundRow;
        refunds.push(row);
        return row;
      },
      insertDuplicate: unused,
      lock: unused,
      transition: unused,
      update: unused,
      findByProviderRefundId: unused,
      findApprovedForPayment: unused,
    },
    invoices: { findByPaymentId: unused },
    creditNotes: { findWithInvoice: unused },
    plans: { findById: unused },
    liveSessions: { findById: unused },
    users: { findById: async (id) => (id === MEMBER ? member : undefined) },
    contentTexts: { find: unused, findBySource: unused },
  };
  return { repos, userPlans, refunds, notices, member };
}

describe('RefundsService.request: the refund window (10 business days, IST)', () => {
  let store: ReturnType<typeof memory>;
  let clock: ReturnType<typeof fixedClock>;
  let service: RefundsService;

  beforeEach(() => {
    store = memory();
    clock = fixedClock(PURCHASED_AT);
    service = new RefundsService({
      data: fakeDataAccess(store.repos),
      clock,
      notify: async (_tx, userId, draft) => {
        store.notices.push({ userId, title: draft.title });
        return 'notice';
      },
      creditNotes: { issue: unused, attachment: unused },
      provider: {} as PaymentProvider,
      outbox: { enqueue: unused, deliverSoon: () => {} },
      log: {} as FastifyBaseLogger,
    });
  });

  it('takes a request on the day of purchase: the refund of the payment, the plan marked, the member told', async () => {
    await expect(service.request(MEMBER, USER_PLAN, '  changed my mind ')).resolves.toEqual({
      success: true,
      message: Messages.REFUND_REQUESTED.message,
    });
    expect(store.refunds).toMatchObject([
      {
        userPlanId: USER_PLAN,
        paymentId: PAYMENT,
        userId: MEMBER,
        amountPaise: 589_882,
        reason: 'changed my mind',
      },
    ]);
    expect(store.userPlans.get(USER_PLAN)).toMatchObject({
      status: 'refund_requested',
      refundRequestedAt: PURCHASED_AT,
    });
    expect(store.notices).toEqual([{ userId: MEMBER, title: 'Refund requested' }]);
  });

  it("tells a member in their account's language", async () => {
    store.member.language = 'hi';
    await service.request(MEMBER, USER_PLAN);
    expect(store.notices).toEqual([{ userId: MEMBER, title: 'रिफ़ंड का अनुरोध किया गया' }]);
  });

  it('takes a request until the end of the tenth business day, weekends not counted', async () => {
    clock.set('2026-01-19T18:29:59Z'); // Monday 19 January, 23:59:59 IST
    await expect(service.request(MEMBER, USER_PLAN)).resolves.toMatchObject({ success: true });
  });

  it('refuses a request from the eleventh business day on, storing nothing', async () => {
    clock.set('2026-01-19T18:30:00Z'); // Tuesday 20 January, 00:00 IST
    await expect(service.request(MEMBER, USER_PLAN)).rejects.toMatchObject({
      statusCode: 400,
      code: 'REFUND_WINDOW_CLOSED',
    });
    expect(store.refunds).toEqual([]);
    expect(store.userPlans.get(USER_PLAN)?.status).toBe('active');
    expect(store.notices).toEqual([]);
  });

  it('answers a repeated request in the body, not as an error, and stores one refund', async () => {
    await service.request(MEMBER, USER_PLAN);
    await expect(service.request(MEMBER, USER_PLAN)).resolves.toEqual({
      success: false,
      message: Messages.REFUND_ALREADY_REQUESTED.message,
    });
    expect(store.refunds).toHaveLength(1);
  });

  it("does not refund another member's plan", async () => {
    await expect(service.request(STRANGER, USER_PLAN)).rejects.toMatchObject({ statusCode: 404 });
    expect(store.refunds).toEqual([]);
  });
});
