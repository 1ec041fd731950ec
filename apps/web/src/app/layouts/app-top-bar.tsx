import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { brand } from '@exhale/contract/brand';
import { Icon, type IconProps } from '../../components/ui/icons';
import { LanguageSwitcher } from '../../components/ui/language-switcher';
import { LogoMark } from '../../components/ui/logo';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { adoptDeviceLanguage } from '../../lib/adopt-device-language';
import { useCurrentUser } from '../../lib/auth-store';
import { liveSessionLinkVisible } from '../../lib/storage';
import { useMediaQuery } from '../../lib/use-media-query';
import { AccountMenu } from './account-menu';

const LiveIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="m16 10 6-3v10l-6-3" />
  </Icon>
);

const barLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex min-h-11 items-center rounded-full px-3 font-medium text-ink hover:bg-brand-50 hover:text-brand-900',
    isActive && 'bg-brand-50 text-brand-900',
  );

export function AppTopBar() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const wide = useMediaQuery('(min-width: 40rem)');
  const userId = user?._id;
  // Signed-in pages all show this bar: after a sign-in, or on start with a session, an account
  // whose language the member never set takes the UI language once (decision 068).
  useEffect(() => {
    if (userId) void adoptDeviceLanguage();
  }, [userId]);

  // Read on every render: the lesson player writes the record just before navigating here.
  const showLiveSession = liveSessionLinkVisible(user);
  const planLabel = user?.type === 'premium' ? t('topbar.plansPremium') : t('topbar.plansFree');

  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link
          to="/dashboard"
          aria-label={t('topbar.dashboardLink', { name: brand.name })}
          className="mr-auto flex items-center gap-2 rounded-lg text-xl font-bold text-brand-900"
        >
          <LogoMark className="size-9" />
          <span className="hidden sm:inline" aria-hidden="true">
            {brand.name}
          </span>
        </Link>

        {wide ? (
          <nav aria-label={t('topbar.navLabel')}>
            <ul className="flex items-center gap-1">
              {showLiveSession ? (
                <li>
                  <NavLink to="/live-session" className={barLinkClass}>
                    {t('topbar.liveSession')}
                  </NavLink>
                </li>
              ) : null}
              <li>
                <NavLink to="/explore" className={barLinkClass}>
                  {t('topbar.explore')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/quit-plan" className={barLinkClass}>
                  {t('topbar.quitPlan')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/plans" className={barLinkClass}>
                  {planLabel}
                </NavLink>
              </li>
            </ul>
          </nav>
        ) : null}

        <Link
          to="/sos"
          aria-label={t('topbar.sosLabel')}
          className="inline-flex min-h-11 items-center rounded-full bg-red-700 px-4 font-bold tracking-wide text-white hover:bg-red-800"
        >
          {t('topbar.sos')}
        </Link>
        <LanguageSwitcher />
        <NotificationsBell />

        <AccountMenu wide={wide} showLiveSession={showLiveSession} planLabel={planLabel} />
      </div>
      {!wide && showLiveSession ? (
        // Phones have no room in the bar: the live session gets a row of its own under it, one
        // tap away rather than inside the account menu.
        <NavLink
          to="/live-session"
          className={({ isActive }) =>
            clsx(
              'flex min-h-11 items-center justify-center gap-2 border-t border-brand-100 bg-brand-50 px-3 font-semibold text-brand-900',
              isActive && 'underline decoration-2 underline-offset-4',
            )
          }
        >
          <LiveIcon className="size-5" />
          {t('topbar.liveSession')}
        </NavLink>
      ) : null}
    </header>
  );
}
