import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@exhale/contract/money';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { useTranslated } from '../../../lib/use-translated';
import type { Plan } from '../api';
import { priceWithGst } from '../../../lib/plan-price';

function PlanCard({
  plan,
  highlighted,
  children,
}: {
  plan: Plan;
  highlighted?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // The plan's texts as operators translated them (decision 064).
  const translate = useTranslated([plan.name, plan.description, ...plan.features]);
  const headingId = `plan-${plan._id}`;
  const hasSpecialPrice =
    plan.special_price_paise !== null && plan.special_price_paise !== plan.price_paise;
  const sellingPaise = plan.special_price_paise ?? plan.price_paise;

  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        'flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6',
        highlighted ? 'border-2 border-brand-700' : 'border border-slate-200',
      )}
    >
      <div>
        <h2 id={headingId} className="text-xl font-bold text-brand-900">
          {translate(plan.name)}
        </h2>
        <p className="mt-1 text-ink-muted">{translate(plan.description)}</p>
      </div>
      <p className="flex items-baseline gap-2">
        <span className="text-3xl font-bold text-ink">{formatRupees(sellingPaise)}</span>
        {hasSpecialPrice ? (
          <s className="text-ink-muted">
            <span className="sr-only">{t('plans.card.insteadOf')} </span>
            {formatRupees(plan.price_paise)}
          </s>
        ) : null}
        {plan.duration_type === 'lifetime' && plan.duration !== 0 ? (
          <span className="text-ink-muted">{t('plans.card.oneTime')}</span>
        ) : null}
      </p>
      {/* GST is added at checkout: the card says so, with the total, before anyone presses Buy. */}
      {sellingPaise > 0 ? (
        <p className="-mt-3 text-ink-muted" data-testid="plan-price-with-gst">
          {t('plans.card.withGst', priceWithGst(plan))}
        </p>
      ) : null}
      {plan.features.length > 0 ? (
        <ul aria-label={t('plans.card.features')} className="flex flex-col gap-2">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-leaf-700" />
              <span>{translate(feature)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </article>
  );
}

/** The free plan the user is on: price 0, marked as current, nothing to buy. */
export function FreePlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  return (
    <PlanCard plan={plan}>
      <p className="mt-auto rounded-full bg-brand-50 px-4 py-2 text-center font-semibold text-brand-900">
        {t('plans.card.currentPlan')}
      </p>
    </PlanCard>
  );
}

/** The plan on sale, with the coupon box, the price breakdown and Buy Now. */
export function BuyablePlanCard({
  plan,
  coupon,
  breakdown,
  buying,
  canBuy = true,
  onBuy,
}: {
  plan: Plan;
  coupon: ReactNode;
  breakdown: ReactNode;
  buying: boolean;
  /** The server's purchase rule (GET /user-plan/current `can_buy_premium`). */
  canBuy?: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  const buyButton = useRef<HTMLButtonElement>(null);
  const wasBuying = useRef(buying);

  // Back from a dismissed or failed checkout: keyboard focus returns to where the buyer left.
  useEffect(() => {
    if (wasBuying.current && !buying) buyButton.current?.focus();
    wasBuying.current = buying;
  }, [buying]);

  return (
    <PlanCard plan={plan} highlighted>
      <div className="mt-auto flex flex-col gap-4 border-t border-slate-200 pt-4">
        {coupon}
        {breakdown}
        <Button ref={buyButton} size="lg" disabled={buying || !canBuy} onClick={onBuy}>
          {t('plans.card.buyNow')}
        </Button>
        {canBuy ? null : <p className="text-sm text-ink-muted">{t('plans.card.cannotBuy')}</p>}
      </div>
    </PlanCard>
  );
}
