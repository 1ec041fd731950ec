import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HelpPage, HelpSection, PointList, StepList } from '../components/help-page';
import { planFacts } from '../plan-facts';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** /help-center/pricing-&-payment: the plan, ways to pay, the refund policy, how to subscribe. */
export function PricingPaymentPage() {
  const { t } = useTranslation('help-center');
  const p = 'pricing' as const;
  const money = planFacts();

  return (
    <HelpPage
      metaTitle={t('meta.helpPricingTitle')}
      metaDescription={t(`${p}.metaDescription`, money)}
      title={t(`${p}.title`)}
      lead={t(`${p}.lead`)}
    >
      <HelpSection id="plan" title={t(`${p}.plan.title`)} lead={t(`${p}.plan.lead`)}>
        <dl className="mt-4 grid gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-3">
          {(['price', 'gst', 'total'] as const).map((key) => (
            <div key={key} className="bg-white p-4">
              <dt className="text-ink-muted">{t(`${p}.plan.${key}`, money)}</dt>
              <dd className="mt-1 text-2xl font-bold text-brand-900 tabular-nums">{money[key]}</dd>
            </div>
          ))}
        </dl>
        <PointList points={t(`${p}.plan.points`, { returnObjects: true, ...money })} />
      </HelpSection>

      <HelpSection id="methods" title={t(`${p}.methods.title`)} lead={t(`${p}.methods.lead`)}>
        <PointList points={t(`${p}.methods.points`, { returnObjects: true })} />
        <p className="mt-4 text-ink-muted">{t(`${p}.methods.security`)}</p>
      </HelpSection>

      <HelpSection id="refunds" title={t(`${p}.refund.title`)} lead={t(`${p}.refund.lead`, money)}>
        <PointList points={t(`${p}.refund.points`, { returnObjects: true, ...money })} />
        <p className="mt-4">
          <Link to="/terms-and-conditions" className={linkClass}>
            {t(`${p}.refund.termsLink`)}
          </Link>
        </p>
      </HelpSection>

      <HelpSection id="subscribe" title={t(`${p}.steps.title`)} lead={t(`${p}.steps.lead`)}>
        <StepList steps={t(`${p}.steps.items`, { returnObjects: true, ...money })} />
      </HelpSection>
    </HelpPage>
  );
}
