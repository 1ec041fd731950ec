import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REFUND_WINDOW_BUSINESS_DAYS } from '@exhale/contract/refund-window';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageLoader } from '../../../components/ui/loader';
import { useCurrentUser } from '../../../lib/auth-store';
import { useProfile } from '../../../lib/use-profile';
import { useCurrentPlan, usePlans } from '../api';
import { CouponBox } from '../components/coupon-box';
import { CurrentPlanCard, RefundOutcomeNote } from '../components/current-plan-card';
import { BuyablePlanCard, FreePlanCard } from '../components/plan-cards';
import { PriceBreakdown } from '../components/price-breakdown';
import { PurchaseProcessing } from '../components/purchase-processing';
import { quotePlan } from '../plan-quote';
import { usePlanPurchase } from '../use-plan-purchase';

/**
 * /plans (spec §2 "Plans"). A free user sees the free plan and the plan on sale with a coupon box;
 * a premium user sees their current plan instead. The type comes from the stored user, refreshed
 * from the server on arrival.
 */
export function PlansPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useProfile();
  const purchase = usePlanPurchase();
  const buying = purchase.phase !== 'idle';
  // While a purchase finishes the user turns premium; the processing screen stays until the
  // redirect instead of flashing the current-plan card.
  const premium = user?.type === 'premium' && !buying;

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <title>{t('meta.plansTitle')}</title>
      <Link
        to="/dashboard"
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        <ArrowLeftIcon className="size-5" />
        {t('plans.back')}
      </Link>
      {premium ? (
        <>
          <h1 className="mt-2 text-3xl font-bold text-brand-900">{t('plans.currentTitle')}</h1>
          <CurrentPlanSection />
        </>
      ) : (
        <>
          {/* No free trial exists (decision 044): the header says what is true. */}
          <h1 className="mt-2 text-3xl font-bold text-brand-900">{t('plans.title')}</h1>
          <p className="mt-2 text-lg text-ink-muted">
            {t('plans.subtitle', { days: REFUND_WINDOW_BUSINESS_DAYS })}
          </p>
          {purchase.phase === 'idle' ? null : (
            <PurchaseProcessing phase={purchase.phase} order={purchase.order} />
          )}
          {/* Hidden, not unmounted, while paying: a dismissed checkout comes back to the same
              coupon and breakdown. */}
          <div hidden={buying}>
            <PlanList purchase={purchase} />
          </div>
        </>
      )}
    </section>
  );
}

function PlanList({ purchase }: { purchase: ReturnType<typeof usePlanPurchase> }) {
  const { t } = useTranslation();
  const plans = usePlans();
  // The server's purchase rule (decision 040); while it loads, Buy Now stays usable and the
  // checkout itself still answers with the rule.
  const state = useCurrentPlan();
  const canBuy = state.data?.canBuyPremium ?? true;

  if (plans.isPending) return <PageLoader />;
  if (plans.isError) {
    return (
      <p role="alert" className="py-16 text-center text-lg text-ink">
        {t('common.genericError')}
      </p>
    );
  }
  const free = plans.data.find((plan) => plan.duration === 0);
  const onSale = plans.data.filter((plan) => plan.duration !== 0);

  return (
    <>
      {state.data?.refund ? <RefundOutcomeNote refund={state.data.refund} /> : null}
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {free ? <FreePlanCard plan={free} /> : null}
        {onSale.map((plan) => (
          <BuyablePlanCard
            key={plan._id}
            plan={plan}
            canBuy={canBuy}
            buying={purchase.phase !== 'idle'}
            onBuy={() => void purchase.buy(plan)}
            coupon={
              <CouponBox
                appliedCode={purchase.coupon?.code ?? null}
                applying={purchase.applyingCoupon}
                error={purchase.couponError}
                onApply={purchase.applyCoupon}
                onClear={purchase.clearCoupon}
              />
            }
            breakdown={
              <PriceBreakdown
                amounts={quotePlan(plan, purchase.coupon)}
                label={t('plans.breakdown.label')}
              />
            }
          />
        ))}
      </div>
    </>
  );
}

function CurrentPlanSection() {
  const { t } = useTranslation();
  const current = useCurrentPlan();

  if (current.isPending) return <PageLoader />;
  if (current.isError) {
    return (
      <p role="alert" className="py-16 text-center text-lg text-ink">
        {t('common.genericError')}
      </p>
    );
  }
  if (!current.data.plan) {
    return <p className="mt-6 text-lg text-ink">{t('plans.current.none')}</p>;
  }
  return <CurrentPlanCard plan={current.data.plan} refund={current.data.refund} />;
}
