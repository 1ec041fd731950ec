import type { FetchQueryOptions } from '@tanstack/react-query';
import { istDateString } from '@exhale/contract/ist';
import {
  checkInQuery,
  cravingLogQuery,
  cravingSummaryQuery,
  dependenceHistoryQuery,
  followUpsQuery,
  last30DaysFrom,
  progressQuery,
  queuedWritesQuery,
  quitPlanQuery,
} from '../../features/companion/queries';
import { messagingPreferencesQuery } from '../../features/messaging/queries';
import { notificationSettingsQuery } from '../../features/notifications/queries';
import { plansQuery } from '../../features/plans/queries';
import { authStore } from '../../lib/auth-store';
import { planStateQuery } from '../../lib/plan-state';
import { answeredExercisesQuery, lessonListQuery, simAttemptsQuery } from '../../lib/programme-api';
import { queryClient } from '../../lib/query-client';
import { getToken } from '../../lib/storage';
import { profileQuery } from '../../lib/use-profile';

/**
 * The signed-in pages' route loaders (issue 18 item 9, decision 066). The router calls a route's
 * own loader in parallel with its `lazy` code, so each loader here starts the requests its page
 * makes on its first render into the app's query cache while the page's code is still on its way;
 * the page reads them with `useQuery` and the same query-options factory, so nothing is asked
 * twice. They do not hold the page back for its data: it renders with its own loading states as
 * before, only sooner filled. The one exception is the dashboard, everyone's first page, which
 * waits a bounded moment (`FIRST_SCREEN_WAIT_MS`) for its first screen's answers.
 *
 * Only with a stored login: without one the protected group's guard sends the visitor to /login,
 * and no member request should go out meanwhile.
 */

/**
 * Starts each query unless the cache holds a fresh copy. Resolves when all have answered (or
 * failed: a failure is left to the page to show); the callers that do not wait ignore it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- queries of every shape
function start(...queries: FetchQueryOptions<any, any, any, any>[]): Promise<unknown> {
  return Promise.all(queries.map((query) => queryClient.prefetchQuery(query)));
}

/** The progress (from the cache when fresh); a failure is left to the page to show. */
function readProgress() {
  return queryClient.fetchQuery(progressQuery).catch(() => undefined);
}

function signedIn(): boolean {
  return getToken() !== null;
}

/**
 * The quit companion's cards on the dashboard: the progress first; the follow-up question and the
 * medicine card only exist with a plan and today's check-in only once the quit day has come, so
 * those wait for the progress's answer (as the cards themselves would) rather than ask in vain.
 * Resolves once the cards' answers are in.
 */
async function startCompanionCards(userId: string): Promise<unknown> {
  // Beside the progress, the card says how many of the member's writes wait on this phone.
  const [progress] = await Promise.all([readProgress(), start(queuedWritesQuery(userId))]);
  if (!progress) return;
  return start(
    followUpsQuery,
    dependenceHistoryQuery,
    ...(progress.started ? [checkInQuery(istDateString(new Date()))] : []),
  );
}

/**
 * How long the dashboard may wait for its first screen's data beyond its own code. The companion's
 * card sits on top of the page: arriving after the first paint it pushed everything under it down
 * (a layout shift of 0.24 in Lighthouse). And every answer that arrives after the first render
 * renders the page again, synchronously (the query cache is an external store, which React cannot
 * render in slices): on a slow phone each was a long task. Answers later than this, or no network,
 * let the page render without them, each part with its own loading state.
 */
export const FIRST_SCREEN_WAIT_MS = 1000;

/** The programme pages' layout: the profile refresh its take-test guard waits on (step 0). */
export function programmeLoader() {
  if (signedIn()) void start(profileQuery);
  return null;
}

/**
 * /dashboard: the companion's cards, the lesson list the player opens with (the premium member's
 * current day, or the whole list), the answered exercises, the SIM scores and, for a free member,
 * the roadmap's purchase rule. The lesson list is always fetched afresh on arriving (the server's
 * unlocks follow the step, which may have changed on another page); the player does not fetch it
 * again on mounting right after.
 */
export async function dashboardLoader() {
  const user = authStore.getState().user;
  if (!signedIn() || !user) return null;
  const premium = user.type === 'premium';
  const firstScreen = Promise.all([
    startCompanionCards(user._id),
    queryClient.prefetchQuery({
      ...lessonListQuery(premium ? (user.current_day ?? 1) : null),
      staleTime: 0,
    }),
    start(answeredExercisesQuery, simAttemptsQuery),
    // A free member's roadmap: the purchase rule (it counts the videos from the list above).
    premium ? undefined : start(planStateQuery),
  ]);
  if (navigator.onLine) {
    await Promise.race([
      firstScreen,
      new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
    ]);
  }
  return null;
}

/** /progress: the progress, then (with a plan) the craving charts' 30 days and the medicine card. */
export function progressLoader() {
  if (!signedIn()) return null;
  void readProgress().then((progress) => {
    if (progress)
      void start(cravingSummaryQuery(last30DaysFrom(new Date())), dependenceHistoryQuery);
  });
  return null;
}

/** /cravings: the log's first page. */
export function cravingsLoader() {
  if (signedIn()) void queryClient.prefetchInfiniteQuery(cravingLogQuery);
  return null;
}

/** /quit-plan: the member's plan (or none yet). */
export function quitPlanLoader() {
  if (signedIn()) void start(quitPlanQuery);
  return null;
}

/** /edit-profile: the profile refresh it makes on opening. */
export function profileLoader() {
  if (signedIn()) void start(profileQuery);
  return null;
}

/** /plans: the profile refresh, the plans on sale and the member's own plan. */
export function plansLoader() {
  if (signedIn()) void start(profileQuery, plansQuery, planStateQuery);
  return null;
}

/** /notifications: the notification settings and the messaging programme's preferences. */
export function notificationsLoader() {
  if (signedIn()) void start(notificationSettingsQuery, messagingPreferencesQuery);
  return null;
}

/** What the route table (app/router.tsx) gives each signed-in route as its loader. */
export const pageLoaders = {
  programmeLoader,
  dashboardLoader,
  progressLoader,
  cravingsLoader,
  quitPlanLoader,
  profileLoader,
  plansLoader,
  notificationsLoader,
};
