import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';

/** The way to a person: a link to /coach ('Talk to a coach') with what to expect there. */
export function CoachLink() {
  const { t } = useTranslation('companion');
  return (
    <section className="flex flex-col items-start gap-2 rounded-2xl border border-brand-200 bg-white p-5">
      <h2 className="text-xl font-bold text-brand-900">{t('coachLink.title')}</h2>
      <p className="text-ink">{t('coachLink.body')}</p>
      <Link to="/coach" className={buttonClasses({ variant: 'secondary' })}>
        {t('coachLink.link')}
      </Link>
    </section>
  );
}
