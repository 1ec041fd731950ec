import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInView } from '../use-in-view';

/** Where the help centre explains the price, the GST and refunds. */
export const PRICING_HELP_PATH = '/help-center/pricing-&-payment#plan';

// The API client, the query and the rupee formatting are a chunk of their own, loaded when the
// section comes near: the landing page's first render needs none of them.
const fetchPrice = () =>
  import('../../../lib/plans-fetch').then((module) => module.fetchPlanOnSalePrice());

type AnnouncedPrice = Awaited<ReturnType<typeof fetchPrice>>;

/**
 * The plan on sale with its price, the GST on it and the total (issue 48 item 4): /plans is for
 * members only, and a visitor should know what the programme costs before signing up. The price
 * is the server's (GET /plan), read when the section comes near; the page's HTML, rendered at
 * build time, holds the line's place until then.
 */
export function PlanPrice() {
  const { t } = useTranslation('landing');
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref, { rootMargin: '0px 0px 600px 0px' });
  // Plain state, not a query hook: the query observer would weigh on the landing page's entry.
  const [price, setPrice] = useState<AnnouncedPrice>();

  useEffect(() => {
    if (!near) return;
    let current = true;
    fetchPrice().then(
      (announced) => {
        if (current) setPrice(announced);
      },
      // Without the price the section still says where to read it.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [near]);

  return (
    <div
      ref={ref}
      className="mx-auto mt-6 max-w-md rounded-2xl border border-brand-200 bg-brand-50 p-5 text-left"
    >
      <p className="font-bold text-brand-900">{t('plan.title')}</p>
      {/* Its height is kept while the price loads, so the page does not move under the reader. */}
      <p
        className="mt-1 min-h-8 text-2xl font-bold text-ink tabular-nums"
        data-testid="landing-price"
      >
        {price ? t('plan.price', price) : null}
      </p>
      <p className="mt-1 text-ink-muted">{t('plan.once')}</p>
      <Link
        to={PRICING_HELP_PATH}
        className="mt-2 inline-block font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {t('plan.link')}
      </Link>
    </div>
  );
}
