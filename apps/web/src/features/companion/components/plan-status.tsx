import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import type { Progress } from '../api';
import { daysUntil } from '../countdown';
import { formatIstDate } from '../progress-format';

/** No plan yet: an invitation to set one. */
export function NoPlanInvite({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('companion');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="flex flex-col items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6">
      <Heading className="text-2xl font-bold text-brand-900">{t('progress.noPlanTitle')}</Heading>
      <p className="text-ink">{t('progress.noPlanBody')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/quit-plan" className={buttonClasses()}>
          {t('progress.setPlan')}
        </Link>
        <Link to="/sos" className={buttonClasses({ variant: 'secondary' })}>
          {t('progress.sos')}
        </Link>
      </div>
    </section>
  );
}

/** Before the quit date: the days left and what to get ready. */
export function Countdown({ progress }: { progress: Progress }) {
  const { t, i18n } = useTranslation('companion');
  const days = daysUntil(progress.quit_date, progress.today);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-ink-muted">{t('progress.countdownTitle')}</p>
      <p className="text-3xl font-bold text-brand-900" data-testid="countdown">
        {t('progress.countdown', { count: days })}
      </p>
      <p className="text-ink">
        {t('progress.quitDay', { date: formatIstDate(progress.quit_date, i18n.language) })}
      </p>
    </div>
  );
}
