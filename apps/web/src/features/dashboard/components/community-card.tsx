import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { CameraIcon } from '../../../components/ui/icons';

/** The way to the community feed from the dashboard (decision 045). */
export function CommunityCard() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="community-card-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800">
        <CameraIcon className="size-6" />
      </span>
      <div className="flex-1">
        <h2 id="community-card-title" className="text-xl font-bold text-ink">
          {t('dashboard.community.title')}
        </h2>
        <p className="mt-1 text-ink-muted">{t('dashboard.community.text')}</p>
      </div>
      <Link
        to="/explore"
        className={buttonClasses({ variant: 'secondary', className: 'shrink-0' })}
      >
        {t('dashboard.community.action')}
      </Link>
    </section>
  );
}
