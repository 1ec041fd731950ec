import clsx from 'clsx';
import { useId, useState } from 'react';
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import { Button, buttonClasses } from '../../components/ui/button';
import { ArrowLeftIcon, ChevronDownIcon } from '../../components/ui/icons';
import { LanguageSwitcher } from '../../components/ui/language-switcher';
import { NavigationProgress, PageLoader } from '../../components/ui/loader';
import { LogoMark } from '../../components/ui/logo';
import { useCurrentUser } from '../../lib/auth-store';
import { PageMeta } from '../../lib/head';
import { useLogout } from '../../lib/use-logout';
import { useProfile } from '../../lib/use-profile';

import { consoleHome, consoleRole, mayOpen, type ConsoleRole } from './console-access';

export { loadAdminCatalogues } from './admin-i18n';

const NAV = [
  {
    group: 'overview',
    items: [
      { to: '/admin', key: 'metrics', end: true },
      { to: '/admin/audit', key: 'audit' },
      { to: '/admin/outcomes', key: 'outcomes' },
    ],
  },
  {
    group: 'support',
    items: [
      { to: '/admin/inbox', key: 'inbox', coach: true },
      { to: '/admin/saved-replies', key: 'savedReplies' },
    ],
  },
  {
    group: 'programme',
    items: [
      { to: '/admin/lessons', key: 'lessons' },
      { to: '/admin/questions', key: 'questions' },
      { to: '/admin/programme-messages', key: 'programmeMessages' },
      { to: '/admin/translations', key: 'translations' },
    ],
  },
  {
    group: 'commerce',
    items: [
      { to: '/admin/plans', key: 'plans' },
      { to: '/admin/coupons', key: 'coupons' },
      { to: '/admin/live-sessions', key: 'liveSessions' },
      { to: '/admin/payments', key: 'payments' },
      { to: '/admin/refunds', key: 'refunds' },
    ],
  },
  {
    group: 'editorial',
    items: [
      { to: '/admin/blogs', key: 'blogs' },
      { to: '/admin/news', key: 'news' },
      { to: '/admin/quizzes', key: 'quizzes' },
    ],
  },
  {
    group: 'community',
    items: [{ to: '/admin/explore', key: 'explore' }],
  },
  {
    group: 'people',
    items: [
      { to: '/admin/users', key: 'users' },
      { to: '/admin/feedback', key: 'feedback' },
      { to: '/admin/notification-settings', key: 'notificationDefinitions' },
    ],
  },
] as const;

/** The sections `role` may open: everything for an admin, the inbox alone for a coach. */
function navFor(role: ConsoleRole) {
  if (role === 'admin') return NAV;
  return NAV.map((section) => ({
    ...section,
    items: section.items.filter((item) => 'coach' in item && item.coach),
  })).filter((section) => section.items.length > 0);
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex min-h-11 items-center rounded-lg px-3 font-medium text-ink hover:bg-brand-50',
    isActive && 'bg-brand-100 text-brand-950',
  );

/**
 * The console's sections. On a phone the list sits above the page, so it starts folded behind a
 * disclosure button and folds again once a section is chosen: the page's content is on the first
 * screen. From the md breakpoint it is a side column, always open, and the button is gone.
 */
function AdminNav({ role }: { role: ConsoleRole }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const navId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg px-3 font-semibold text-ink hover:bg-brand-50 md:hidden"
      >
        {t('nav.toggle')}
        <ChevronDownIcon
          aria-hidden="true"
          className={clsx('size-5 transition-transform', open && 'rotate-180')}
        />
      </button>
      <AdminNavList id={navId} role={role} open={open} onChoose={() => setOpen(false)} />
    </>
  );
}

function AdminNavList({
  id,
  role,
  open,
  onChoose,
}: {
  id: string;
  role: ConsoleRole;
  open: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <nav
      id={id}
      aria-label={t('nav.label')}
      className={clsx('flex-col gap-4 md:flex', open ? 'mt-2 flex md:mt-0' : 'hidden')}
    >
      {navFor(role).map((section) => (
        <div key={section.group}>
          <p className="px-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {t(`nav.groups.${section.group}`)}
          </p>
          <ul className="mt-1 flex flex-col gap-0.5">
            {section.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={'end' in item ? item.end : false}
                  className={navLinkClass}
                  onClick={onChoose}
                >
                  {t(`nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function AdminHeader({ role }: { role: ConsoleRole }) {
  const { t } = useTranslation('admin');
  const handleLogout = useLogout();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      {/* One row at every width: on a phone the title is the logo alone (named for screen
          readers) and the actions tighten, so nothing wraps at 360 px (issue 19 item 9). */}
      <div className="flex h-16 items-center gap-1 px-2 sm:gap-2 sm:px-5">
        <Link
          to={consoleHome(role)}
          className="mr-auto flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold text-brand-900"
        >
          <LogoMark className="size-8" />
          <span className="sr-only sm:not-sr-only">{t('shell.title', { name: brand.name })}</span>
        </Link>
        <Link
          to="/dashboard"
          className={buttonClasses({
            variant: 'ghost',
            size: 'sm',
            className: 'whitespace-nowrap',
          })}
        >
          <ArrowLeftIcon className="size-5 sm:hidden" />
          <span className="sr-only sm:not-sr-only">{t('shell.backToApp')}</span>
        </Link>
        <LanguageSwitcher />
        <Button
          variant="secondary"
          size="sm"
          className="whitespace-nowrap"
          onClick={() => handleLogout()}
        >
          {t('shell.logout')}
        </Button>
      </div>
    </header>
  );
}

function SkipToContent() {
  const { t } = useTranslation('admin');
  return (
    <a
      href="#admin-main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('admin-main')?.focus();
      }}
      className="sr-only z-[70] rounded-full bg-brand-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('shell.skip')}
    </a>
  );
}

/** What a signed-in member sees at /admin: a plain refusal, no console code beyond this. */
export function AdminsOnly() {
  const { t } = useTranslation('admin');
  return (
    <main
      id="admin-main"
      className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <PageMeta title={t('meta.title', { page: t('adminsOnly.title') })} />
      <LogoMark className="size-12" />
      <h1 className="text-2xl font-bold text-ink">{t('adminsOnly.title')}</h1>
      <p className="text-ink-muted">{t('adminsOnly.message')}</p>
      <Link to="/dashboard" className={buttonClasses()}>
        {t('adminsOnly.back')}
      </Link>
    </main>
  );
}

/**
 * The console's frame: its own header and navigation, not the site's. The role is checked
 * against a fresh profile (a role changed since sign-in counts); the API checks it again on
 * every call. A coach has the inbox alone: any other console address leads there.
 */
export function AdminLayout() {
  const stored = useCurrentUser();
  const profile = useProfile();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const role = consoleRole(profile.data?.role ?? (profile.isPending ? stored?.role : undefined));

  if (profile.isPending && role === null) return <PageLoader />;
  if (role === null) return <AdminsOnly />;
  if (!mayOpen(role, pathname)) return <Navigate to={consoleHome(role)} replace />;

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipToContent />
      <NavigationProgress active={navigation.state === 'loading'} />
      <AdminHeader role={role} />
      <div className="flex flex-1 flex-col md:flex-row">
        <aside className="border-b border-slate-200 bg-white p-3 md:w-60 md:shrink-0 md:border-r md:border-b-0">
          <AdminNav role={role} />
        </aside>
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6">
          <Outlet />
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}

export function AdminNotFound() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold text-ink">{t('notFound.title')}</h1>
      <Link to="/admin" className={buttonClasses({ variant: 'secondary' })}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}

/** A console page that failed to load or crashed. */
export function AdminErrorPage() {
  const { t } = useTranslation('admin');
  const error = useRouteError();
  console.error(error);
  return (
    <main
      id="admin-main"
      className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold text-ink">{t('error.title')}</h1>
      <p className="text-ink-muted">{t('error.message')}</p>
      <a href="/admin" className={buttonClasses()}>
        {t('error.reload')}
      </a>
    </main>
  );
}
