import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { PageLoader } from '../../../components/ui/loader';
import { useCurrentUser } from '../../../lib/auth-store';
import type { StoredUser } from '../../../lib/storage';
import { CommunityCard } from '../components/community-card';
import { Roadmap } from '../components/roadmap';
import { ScorePanel } from '../components/score-panel';
import { isNewMember } from '../greeting';

export interface DashboardPageProps {
  /** The lesson player and lesson lists (another feature, wired in by the app). */
  renderLessons: (user: StoredUser) => ReactNode;
  /** Shown first, under the greeting: the quit companion's cards (another feature). */
  companion?: ReactNode;
}

/**
 * /dashboard (spec §2): premium users see their day-by-day lessons; free users their roadmap,
 * their SIM scores and the free lessons. A user whose first test is pending never gets here: the
 * router's programme guard sends them to /sim-test first (decision 022).
 */
export function DashboardPage({ renderLessons, companion }: DashboardPageProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return <PageLoader />;

  const premium = user.type === 'premium';
  const name = user.name?.trim();
  const greeting = isNewMember(user.created_at, new Date())
    ? t('dashboard.welcomeNew')
    : t('dashboard.welcomeBack');

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      <title>{t('meta.dashboardTitle')}</title>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          {premium ? (
            name ? (
              <p className="text-lg text-ink-muted">{name}</p>
            ) : null
          ) : (
            <p className="text-lg text-ink-muted">
              {name ? t('dashboard.hello', { name }) : t('dashboard.helloAnonymous')}
            </p>
          )}
          <h1 className="mt-1 text-3xl font-bold text-brand-900">{greeting}</h1>
        </div>
        <span
          className={clsx(
            'rounded-full px-4 py-1.5 text-sm font-bold',
            premium ? 'bg-amber-100 text-amber-900' : 'bg-brand-100 text-brand-900',
          )}
        >
          {premium ? t('dashboard.premiumBadge') : t('dashboard.freeBadge')}
        </span>
      </header>

      {companion}

      {premium ? null : (
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <Roadmap step={user.step ?? 0} />
          <ScorePanel />
        </div>
      )}

      {renderLessons(user)}

      {/* Premium members keep their SIM score history (issue 19 item 14). */}
      {premium ? <ScorePanel /> : null}

      <CommunityCard />
    </section>
  );
}
