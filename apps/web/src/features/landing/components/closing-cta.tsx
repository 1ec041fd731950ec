import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { PlanPrice } from './plan-price';

export function ClosingCta() {
  const { t } = useTranslation('landing');

  return (
    <section aria-labelledby="closing-title" className="render-when-visible px-4 py-14 text-center">
      <div className="mx-auto max-w-2xl">
        <h2 id="closing-title" className="text-2xl font-bold text-ink sm:text-3xl">
          {t('closing.title')}
        </h2>
        <p className="mt-3 text-lg text-ink-muted">{t('closing.text')}</p>
        <PlanPrice />
        <Link to="/signup" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
          {t('closing.cta')}
        </Link>
      </div>
    </section>
  );
}
