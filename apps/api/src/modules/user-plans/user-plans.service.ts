import { Messages } from '@exhale/contract/messages';
import { paiseToRupees, priceBreakdown, rupeesToPaise } from '@exhale/contract/money';
import type { CurrentPlan, UserPlanCreateRequest } from '@exhale/contract/payments';
import { refundWindowClosesAt } from '@exhale/contract/refund-window';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import type { CouponsService } from '../coupons/coupons.service';
import type { PaymentsService } from '../payments/payments.service';
import { isFreePlan, sellingPricePaise, toPlan, type PlansService } from '../plans/plans.service';
import type { UsersRepository } from '../users/users.repository';
import type { UserPlansRepository } from './user-plans.repository';

const fail = (status: number, entry: { code: string; message: string }) =>
  new AppError(status, entry.code, entry.message);

/**
 * The client's rupee figure in paise, or null when it cannot be an amount the server would ever
 * show (more than two decimals): either way it does not match.
 */
export function clientPaise(rupees: number): number | null {
  try {
    return rupeesToPaise(rupees);
  } catch {
    return null;
  }
}

/** The amounts block of API.md "Conventions": rupees beside their `_paise` twins. */
export function amountFields(amounts: {
  subTotalPaise: number;
  gstPaise: number;
  totalPaise: number;
}) {
  return {
    sub_total: paiseToRupees(amounts.subTotalPaise),
    sub_total_paise: amounts.subTotalPaise,
    gst: paiseToRupees(amounts.gstPaise),
    gst_paise: amounts.gstPaise,
    total: paiseToRupees(amounts.totalPaise),
    total_paise: amounts.totalPaise,
  };
}

/** What buying reads (user-plans.module.ts builds them). */
export interface UserPlansRepositories {
  users: Pick<UsersRepository, 'findById'>;
  userPlans: Pick<UserPlansRepository, 'findCurrent' | 'findLatestRefund'>;
}

/** Buying the premium plan: checkout, verification, the current plan. */
export class UserPlansService {
  constructor(
    private readonly deps: {
      data: DataAccess<UserPlansRepositories>;
      plans: Pick<PlansService, 'findActive'>;
      coupons: Pick<CouponsService, 'usableById'>;
      clock: Clock;
      payments: PaymentsService;
    },
  ) {}

  /**
   * The one purchase rule (decision 040): a member may buy premium while they hold no plan that is
   * not refunded. Their step does not matter: the roadmap suggests an order, it does not gate the
   * sale. The dashboard, the Plans page and POST /user-plan all ask this.
   */
  async canBuyPremium(userId: string): Promise<boolean> {
    const { repos } = this.deps.data;
    const user = await repos.users.findById(userId);
    if (!user || user.type === 'premium') return false;
    return (await repos.userPlans.findCurrent(userId)) === undefined;
  }

  /** GET /user-plan/current: the plan, the purchase rule's answer and the latest refund. */
  async state(userId: string) {
    const [plan, canBuy, refund] = await Promise.all([
      this.current(userId),
      this.canBuyPremium(userId),
      this.deps.data.repos.userPlans.findLatestRefund(userId),
    ]);
    return {
      data: plan,
      can_buy_premium: canBuy,
      refund: refund
        ? {
            _id: refund.id,
            status: refund.status,
            amount: paiseToRupees(refund.amountPaise),
            amount_paise: refund.amountPaise,
            reason: refund.reason,
            rejected_reason: refund.rejectedReason,
            requested_at: refund.requestedAt.toISOString(),
            decided_at: refund.decidedAt?.toISOString() ?? null,
          }
        : null,
    };
  }

  async current(userId: string): Promise<CurrentPlan | null> {
    const row = await this.deps.data.repos.userPlans.findCurrent(userId);
    if (!row) return null;
    const { userPlan, plan, payment, invoiceId } = row;
    return {
      _id: userPlan.id,
      plan_id: toPlan(plan),
      expiry_date: userPlan.expiryDate?.toISOString() ?? null,
      status: userPlan.status,
      rejected_reason: userPlan.rejectedReason,
      purchased_at: userPlan.purchasedAt.toISOString(),
      refundable_until: refundWindowClosesAt(userPlan.purchasedAt).toISOString(),
      payment_id: payment.id,
      invoice_id: invoiceId,
      total: paiseToRupees(payment.amountPaise),
      total_paise: payment.amountPaise,
    };
  }

  /**
   * POST /user-plan. The server prices the order itself (contract money.ts) and only compares the
   * client's total: a different figure means the user saw a stale price or coupon, so they are
   * asked to retry rather than charged something they did not see.
   */
  async createOrder(userId: string, body: UserPlanCreateRequest) {
    const { clock, payments } = this.deps;
    const plan = await this.deps.plans.findActive(body.plan_id);
    if (!plan) throw fail(404, Messages.PLAN_NOT_FOUND);
    if (isFreePlan(plan)) throw fail(400, Messages.FREE_PLAN_NOT_PURCHASABLE);
    const user = await this.deps.data.repos.users.findById(userId);
    if (!user) throw notFound();
    if (!(await this.canBuyPremium(userId))) throw fail(409, Messages.ALREADY_PREMIUM);
    const coupon = body.coupon_id
      ? await this.deps.coupons.usableById(userId, body.coupon_id, clock.now())
      : null;
    const amounts = priceBreakdown({
      pricePaise: sellingPricePaise(plan),
      coupon: coupon ? { type: coupon.type, value: coupon.value } : null,
    });
    if (clientPaise(body.total) !== amounts.totalPaise) throw fail(409, Messages.PRICE_CHANGED);

    const { order, options } = await payments.openCheckout({
      user,
      purpose: 'plan',
      planId: plan.id,
      couponId: coupon?.id ?? null,
      amounts,
      description: plan.name,
    });
    let currentPlan: CurrentPlan | null = null;
    if (!options) {
      await payments.completeWithoutPayment(order);
      currentPlan = await this.current(userId);
    }
    return {
      payment: options,
      plan: toPlan(plan),
      price: paiseToRupees(amounts.pricePaise),
      price_paise: amounts.pricePaise,
      discount: paiseToRupees(amounts.discountPaise),
      discount_paise: amounts.discountPaise,
      ...amountFields(amounts),
      current_plan: currentPlan,
    };
  }

  /** POST /user-plan/verify: idempotent; answers the current plan once activated. */
  async verify(
    userId: string,
    input: { orderId: string; paymentId: string; planId?: string; signature: string | undefined },
  ): Promise<CurrentPlan | null> {
    await this.deps.payments.verifyCheckout({
      userId,
      purpose: 'plan',
      providerOrderId: input.orderId,
      providerPaymentId: input.paymentId,
      signature: input.signature,
      targetId: input.planId,
      failure: Messages.PURCHASE_FAILED,
    });
    return this.current(userId);
  }
}
