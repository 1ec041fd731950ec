import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';

/** A signed-in user's tests belong to their account; a landing result would never be used. */
export function SignedInNote() {
  const { t } = useTranslation('landing');
  return (
    <div className="rounded-2xl border border-brand-100 bg-brand-50 p-6 text-center">
      <p className="text-lg text-ink">{t('simulation.signedIn')}</p>
      <Link to="/dashboard" className={buttonClasses({ className: 'mt-4' })}>
        {t('simulation.toDashboard')}
      </Link>
    </div>
  );
}
