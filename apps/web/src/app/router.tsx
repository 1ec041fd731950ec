import {
  createBrowserRouter,
  isRouteErrorResponse,
  matchRoutes,
  type LoaderFunction,
  useRouteError,
  useSearchParams,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { PageLoader } from '../components/ui/loader';
import { RootErrorPage, RouteErrorPage } from '../features/errors/routes/route-error-page';
import { loadAllTexts, loadNamespaces, type CatalogueNamespace } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { requireAuth } from './guards';
import { firstSegment } from './layouts/layout-rules';
import { RootLayout } from './layouts/root-layout';

// Every page is its own chunk. The error screens are not: they must render even when loading a
// chunk is what failed (e.g. after a deploy removed the old hashed files).

/** A page whose texts have a catalogue namespace of their own: both load, in parallel. */
async function withTexts<T>(namespace: CatalogueNamespace, page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, loadNamespaces(namespace)]);
  return module;
}

/**
 * A signed-in page's route loader (app/routes/page-data.ts, decision 066). Given on the route
 * itself, not by its `lazy`, so the router runs it in parallel with the page's code and the
 * page's requests start with that download instead of after it.
 */
const pageData =
  (name: keyof (typeof import('./routes/page-data'))['pageLoaders']): LoaderFunction =>
  async () =>
    (await import('./routes/page-data')).pageLoaders[name]();

const landingPage = async () => ({
  Component: (await withTexts('landing', import('../features/landing/routes/landing-page')))
    .LandingPage,
});

function NoDialog() {
  return null;
}

const notFoundPage = () => import('../features/errors/routes/not-found-page');

/**
 * /user-delete needs the token from the mailed link; without one it is the not-found page
 * (spec §2), shown in place so the address and the bare layout stay as they are.
 */
const accountDeletionPage = async () => {
  const [{ AccountDeletionPage }, { NotFoundPage }] = await Promise.all([
    import('../features/account-deletion/routes/account-deletion-page'),
    notFoundPage(),
  ]);
  return {
    Component: function UserDeleteRoute() {
      const [searchParams] = useSearchParams();
      return searchParams.get('token') ? <AccountDeletionPage /> : <NotFoundPage />;
    },
  };
};

/** /verify-email, like /user-delete: the mailed link's token, or the not-found page. */
const verifyEmailPage = async () => {
  const [{ VerifyEmailPage }, { NotFoundPage }] = await Promise.all([
    import('../features/auth/routes/verify-email-page'),
    notFoundPage(),
  ]);
  return {
    Component: function VerifyEmailRoute() {
      const [searchParams] = useSearchParams();
      return searchParams.get('token') ? <VerifyEmailPage /> : <NotFoundPage />;
    },
  };
};

/** The static public site: marketing pages, the help center and the legal pages. */
const staticPageRoutes: RouteObject[] = [
  {
    path: 'corporates',
    lazy: async () => ({
      Component: (
        await withTexts('marketing', import('../features/marketing/routes/corporates-page'))
      ).CorporatesPage,
    }),
  },
  {
    path: 'schools',
    lazy: async () => ({
      Component: (await withTexts('marketing', import('../features/marketing/routes/schools-page')))
        .SchoolsPage,
    }),
  },
  {
    path: 'non-smokers',
    lazy: async () => ({
      Component: (
        await withTexts('marketing', import('../features/marketing/routes/non-smokers-page'))
      ).NonSmokersPage,
    }),
  },
  {
    path: 'doctors',
    lazy: async () => ({
      Component: (await withTexts('marketing', import('../features/marketing/routes/doctors-page')))
        .DoctorsPage,
    }),
  },
  {
    path: 'help-center',
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (
            await withTexts(
              'help-center',
              import('../features/help-center/routes/help-center-page'),
            )
          ).HelpCenterPage,
        }),
      },
      {
        path: 'get-start',
        lazy: async () => ({
          Component: (
            await withTexts(
              'help-center',
              import('../features/help-center/routes/get-started-page'),
            )
          ).GetStartedPage,
        }),
      },
      {
        path: 'frequently-asked-questions',
        lazy: async () => ({
          Component: (
            await withTexts('help-center', import('../features/help-center/routes/faq-page'))
          ).FaqPage,
        }),
      },
      {
        // The spec's path really contains '&'; the router matches it literally, and a link that
        // encodes it as %26 is decoded to the same path before matching.
        path: 'pricing-&-payment',
        lazy: async () => ({
          Component: (
            await withTexts(
              'help-center',
              import('../features/help-center/routes/pricing-payment-page'),
            )
          ).PricingPaymentPage,
        }),
      },
      {
        path: 'technical-support',
        lazy: async () => ({
          Component: (
            await withTexts(
              'help-center',
              import('../features/help-center/routes/technical-support-page'),
            )
          ).TechnicalSupportPage,
        }),
      },
      {
        path: 'contact-us',
        lazy: async () => ({
          Component: (
            await withTexts('help-center', import('../features/help-center/routes/contact-us-page'))
          ).ContactUsPage,
        }),
      },
    ],
  },
  {
    path: 'terms-and-conditions',
    lazy: async () => ({
      Component: (await withTexts('legal', import('../features/legal/routes/terms-page')))
        .TermsPage,
    }),
  },
  {
    path: 'privacy-policy',
    lazy: async () => ({
      Component: (await withTexts('legal', import('../features/legal/routes/privacy-page')))
        .PrivacyPage,
    }),
  },
];

/** Blogs, news and the public quiz: data-driven public pages. */
const contentRoutes: RouteObject[] = [
  {
    path: 'blog',
    children: [
      {
        index: true,
        lazy: async () => {
          const [{ BlogListPage }, { blogsQuery }] = await Promise.all([
            import('../features/blog/routes/blog-list-page'),
            import('../features/blog/api'),
          ]);
          return {
            Component: BlogListPage,
            // Starts the list's request with the page's code, not after its first render (the
            // list's pictures follow it, and the first one is the largest thing on the screen).
            loader: () => {
              void queryClient.prefetchQuery(blogsQuery);
              return null;
            },
          };
        },
      },
      {
        path: ':id',
        lazy: async () => {
          const [{ BlogDetailPage }, { blogQuery }] = await Promise.all([
            import('../features/blog/routes/blog-detail-page'),
            import('../features/blog/api'),
          ]);
          return {
            Component: BlogDetailPage,
            loader: ({ params }) => {
              void queryClient.prefetchQuery(blogQuery(params.id ?? ''));
              return null;
            },
          };
        },
      },
    ],
  },
  {
    path: 'new-and-media',
    lazy: async () => {
      const [{ NewsPage }, { newsQuery }] = await Promise.all([
        import('../features/news/routes/news-page'),
        import('../features/news/api'),
      ]);
      return {
        Component: NewsPage,
        loader: () => {
          void queryClient.prefetchQuery(newsQuery);
          return null;
        },
      };
    },
  },
  {
    path: 'quiz/:id',
    lazy: async () => ({
      Component: (await import('../features/quiz/routes/quiz-page')).QuizPage,
    }),
  },
];

/** The quit companion's public pages: help in a craving and the clinical dependence test. */
const companionPublicRoutes: RouteObject[] = [
  {
    path: 'sos',
    lazy: async () => ({
      Component: (await withTexts('companion', import('../features/companion/routes/sos-page')))
        .SosPage,
    }),
  },
  {
    path: 'dependence-test',
    lazy: async () => ({
      Component: (
        await withTexts('companion', import('../features/companion/routes/dependence-test-page'))
      ).DependenceTestPage,
    }),
  },
];

/**
 * The quit companion's member pages: open to every signed-in member, free or premium, whatever
 * their SIM-test step (quitting does not wait for the programme).
 */
const companionMemberRoutes: RouteObject[] = [
  {
    path: 'quit-plan',
    loader: pageData('quitPlanLoader'),
    lazy: async () => ({
      Component: (
        await withTexts('companion', import('../features/companion/routes/quit-plan-page'))
      ).QuitPlanPage,
    }),
  },
  {
    path: 'progress',
    loader: pageData('progressLoader'),
    lazy: async () => ({
      Component: (
        await withTexts('companion', import('../features/companion/routes/progress-page'))
      ).ProgressPage,
    }),
  },
  {
    path: 'cravings',
    loader: pageData('cravingsLoader'),
    lazy: async () => ({
      Component: (
        await withTexts('companion', import('../features/companion/routes/cravings-page'))
      ).CravingsPage,
    }),
  },
];

/** Pages anyone may open. Add spec routes here as they are built, never as placeholders. */
export const publicRoutes: RouteObject[] = [
  {
    // The landing page stays mounted under the /login and /signup dialogs (spec §2).
    lazy: landingPage,
    children: [
      // The page alone, no dialog: an explicit empty leaf (a leaf without one makes the router
      // warn on every landing load).
      { index: true, Component: NoDialog },
      {
        path: 'login',
        lazy: async () => ({
          Component: (await import('../features/auth/routes/login-dialog')).LoginDialog,
        }),
      },
      {
        path: 'signup',
        lazy: async () => ({
          Component: (await import('../features/auth/routes/signup-dialog')).SignupDialog,
        }),
      },
    ],
  },
  {
    path: 'reset',
    lazy: async () => ({
      Component: (await import('../features/auth/routes/reset-page')).ResetPasswordPage,
    }),
  },
  { path: 'user-delete', lazy: accountDeletionPage },
  { path: 'verify-email', lazy: verifyEmailPage },
  ...staticPageRoutes,
  ...contentRoutes,
  ...companionPublicRoutes,
];

/**
 * The programme pages: a user whose first test is pending (step 0) is sent to /sim-test with
 * 'Please Take Test' (spec §4 "User step") by the pathless layout around them (decision 022).
 */
const programmeRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    loader: pageData('dashboardLoader'),
    lazy: async () => ({
      Component: (await withTexts('companion', import('./routes/dashboard-route'))).DashboardRoute,
    }),
  },
  {
    // An exercise by its route (spec §2 "Exercise page"); an unknown one is the not-found page.
    path: 'user/:param',
    lazy: async () => {
      const [{ ExercisePage, exercisePageLoader }, { NotFoundPage }] = await Promise.all([
        import('../features/exercises/routes/exercise-page'),
        notFoundPage(),
      ]);
      return {
        loader: exercisePageLoader,
        Component: ExercisePage,
        ErrorBoundary: function ExerciseRouteError() {
          const error = useRouteError();
          return isRouteErrorResponse(error) && error.status === 404 ? (
            <NotFoundPage />
          ) : (
            <RouteErrorPage />
          );
        },
      };
    },
  },
  {
    path: 'live-session',
    lazy: async () => ({
      Component: (await import('../features/live-sessions/routes/live-session-page'))
        .LiveSessionPage,
    }),
  },
];

/** Pages behind the login guard (spec §2 "Protected"). Add a page here and it is guarded. */
export const protectedRoutes: RouteObject[] = [
  {
    loader: pageData('programmeLoader'),
    lazy: async () => {
      // The router starts every matched route's code before any loader: asking for the loaders'
      // module here puts it ahead of the page's many chunks, not behind them (HTTP/1.1).
      void import('./routes/page-data');
      return {
        Component: (await import('./routes/take-test-first-route')).TakeTestFirstRoute,
      };
    },
    children: programmeRoutes,
  },
  {
    // The test itself, and (below) what a step-0 user may still need: profile, plans, the
    // community and notification settings (decision 022).
    path: 'sim-test',
    lazy: async () => ({
      Component: (await import('./routes/sim-test-route')).SimTestRoute,
    }),
  },
  {
    path: 'edit-profile',
    loader: pageData('profileLoader'),
    lazy: async () => ({
      Component: (await import('../features/profile/routes/edit-profile-page')).EditProfilePage,
    }),
  },
  {
    path: 'plans',
    loader: pageData('plansLoader'),
    lazy: async () => ({
      Component: (await import('../features/plans/routes/plans-page')).PlansPage,
    }),
  },
  {
    path: 'explore',
    lazy: async () => ({
      Component: (await import('../features/explore/routes/explore-page')).ExplorePage,
    }),
  },
  {
    path: 'notifications',
    loader: pageData('notificationsLoader'),
    lazy: async () => {
      const { NotificationsRoute } = await import('./routes/notifications-route');
      return { Component: NotificationsRoute };
    },
  },
  ...companionMemberRoutes,
  {
    // 'Talk to a coach': every signed-in member, whatever their step. The thread's request starts
    // with the page's code, not after its first render.
    path: 'coach',
    loader: () => {
      void import('../features/coach/queries').then(({ conversationQuery }) =>
        queryClient.prefetchQuery(conversationQuery),
      );
      return null;
    },
    lazy: async () => ({
      Component: (await withTexts('coach', import('../features/coach/routes/coach-page')))
        .CoachPage,
    }),
  },
];

/**
 * Every page but the landing page renders after the whole English catalogue has arrived: the
 * entry carries only the shell's and the landing page's part (lib/i18n.ts, decision 063).
 */
function withAllTexts(route: RouteObject): RouteObject {
  const { lazy } = route;
  return {
    ...route,
    ...(typeof lazy === 'function' && lazy !== landingPage
      ? { lazy: async () => (await Promise.all([lazy(), loadAllTexts()]))[0] }
      : {}),
    ...(route.children ? { children: route.children.map(withAllTexts) } : {}),
  } as RouteObject;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorPage,
    children: [
      {
        // Pathless: keeps the header and footer around both the loader and a page that failed.
        ErrorBoundary: RouteErrorPage,
        HydrateFallback: PageLoader,
        children: [
          ...publicRoutes,
          {
            id: 'protected',
            loader: requireAuth,
            // Check again on every navigation, not only on entering the group: the token may have
            // been removed (logout in another tab) while a protected page was open.
            shouldRevalidate: () => true,
            children: protectedRoutes,
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await notFoundPage()).NotFoundPage }),
          },
        ],
      },
    ],
  },
].map(withAllTexts);

/**
 * The operators' console joins the route tree when an /admin address is first opened, so its
 * route table (and the list of its chunks) is not in every visitor's entry chunk. It has its own
 * layout, not the site's header and footer. The login check runs here; the admin role is checked
 * by the console itself.
 */
async function discoverConsole(
  path: string,
  patch: (parentId: string | null, children: RouteObject[]) => void,
) {
  if (firstSegment(path) !== 'admin') return;
  const [{ adminRoute }] = await Promise.all([
    import('../features/admin/admin-routes'),
    loadAllTexts(),
  ]);
  patch(null, [
    {
      ...adminRoute,
      loader: requireAuth,
      shouldRevalidate: () => true,
      HydrateFallback: PageLoader,
    },
  ]);
}

/**
 * Loads the code of the routes `pathname` matches into the route table, before the router is made
 * for a server-rendered page the app takes over (main.tsx). A router that has to load a page's
 * code itself starts with a navigation to that page, and a navigation ends by scrolling to the
 * top: a reader who had scrolled down while the app loaded was thrown back up, and a tap made at
 * that moment landed on whatever had moved under the finger. Given the page's code and data, the
 * router starts ready and leaves the page where the reader has it.
 */
export async function loadPageCode(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

/** `hydrationData`: the loader data of a server-rendered page the app takes over (main.tsx). */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, {
    hydrationData,
    // Also asked for addresses the not-found splat matches, such as /admin/refunds before the
    // console is known; patching the same route twice is a no-op.
    patchRoutesOnNavigation: ({ path, patch }) => discoverConsole(path, patch),
  });
}
