import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavigationProgress } from '../../components/ui/loader';
import { useAuth } from '../../lib/auth-store';
import { getToken } from '../../lib/storage';
import { layoutFor, showsFooter } from './layout-rules';
import { PublicHeader } from './public-header';
import { SiteFooter } from './site-footer';

// The top bar carries the account menu and notification sheet; visitors on the landing page never
// need that code, so it stays out of the entry chunk.
const loadAppTopBar = () => import('./app-top-bar').then((m) => ({ default: m.AppTopBar }));
// A signed-in page opened directly (a reload, a bookmark, the PWA start) fetches the top bar
// alongside the page's own chunks, not in a third round trip after the router has loaded them.
// A visitor without a session gets the public header there instead (decision 045).
if (typeof window !== 'undefined' && layoutFor(window.location.pathname) === 'app' && getToken()) {
  void loadAppTopBar();
}
const LazyAppTopBar = lazy(loadAppTopBar);

function AppTopBar() {
  return (
    <Suspense fallback={<TopBarPlaceholder />}>
      <LazyAppTopBar />
    </Suspense>
  );
}

// The sandbox payment dialog (lib/checkout opens it). Only signed-in members can buy anything, so
// it loads for them only: never with the landing page, nor for a visitor reading the blog.
const SandboxCheckoutDialog = lazy(() =>
  import('../../features/checkout/components/sandbox-checkout-dialog').then((m) => ({
    default: m.SandboxCheckoutDialog,
  })),
);

function TopBarPlaceholder() {
  return <div className="h-16 border-b border-brand-100 bg-white" aria-hidden="true" />;
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      onClick={(event) => {
        // Focus the landmark instead of changing the URL hash, which the router would treat as
        // a navigation.
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      className="sr-only z-[70] rounded-full bg-brand-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('common.skipToContent')}
    </a>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const kind = layoutFor(pathname);
  const { isAuth } = useAuth();

  return (
    <>
      <SkipLink />
      <NavigationProgress active={navigation.state === 'loading'} />
      {/* Content pages keep the top bar's place, but a visitor without a session gets the public
          links and Sign in, and nothing that asks the API for a member (decision 045). */}
      {kind === 'public' || (kind === 'app' && !isAuth) ? <PublicHeader /> : null}
      {kind === 'app' && isAuth ? <AppTopBar /> : null}
      {kind === 'app' && isAuth ? (
        <Suspense fallback={null}>
          <SandboxCheckoutDialog />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      {showsFooter(pathname) ? <SiteFooter withLanguageSwitcher={kind === 'bare'} /> : null}
      {/* Mount point the page-translation widget looks for (spec §2). */}
      <div id="google_translate_element" hidden />
      <ScrollRestoration />
    </>
  );
}
