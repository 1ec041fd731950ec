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
 * before, only sooner filled. The one exception is the dashboard's progress card, waited for a
 * bounded moment (`PROGRESS_WAIT_MS`) because the rest of the page moves when it arrives.
 *
 * Only with a stored login: without one the protected group's guard sends the visitor to /login,
 * and no member request should go out meanwhile.
 */

/** Starts each query unless the cache holds a fresh copy; never waits for it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- queries of every shape
function start(...queries: FetchQueryOptions<any, any, any, any>[]): void {
  for (const query of queries) void queryClient.prefetchQuery(query);
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
 * Resolves with the progress's answer.
 */
function startCompanionCards(): Promise<unknown> {
  return readProgress().then((progress) => {
    if (!progress) return;
    start(followUpsQuery, dependenceHistoryQuery);
    if (progress.started) start(checkInQuery(istDateString(new Date())));
  });
}

/**
 * How long the dashboard may wait for the progress beyond its own code. The companion's card sits
 * on top of the page: arriving after the first paint it pushed everything under it down (a layout
 * shift of 0.24 in Lighthouse). A progress that comes later than this, or no network, lets the
 * page render without it as before.
 */
export const PROGRESS_WAIT_MS = 1000;

/** The programme pages' layout: the profile refresh its take-test guard waits on (step 0). */
export function programmeLoader() {
  if (signedIn()) start(profileQuery);
  return null;
}

/**
 * /dashboard: the companion's cards (the progress waited for, briefly), the lesson list the player opens with (the premium member's
 * current day, or the whole list), the answered exercises, the SIM scores and, for a free member,
 * the roadmap's purchase rule. The lesson list is always fetched afresh on arriving (the server's
 * unlocks follow the step, which may have changed on another page); the player does not fetch it
 * again on mounting right after.
 */
export async function dashboardLoader() {
  const user = authStore.getState().user;
  if (!signedIn() || !user) return null;
  const premium = user.type === 'premium';
  const companion = startCompanionCards();
  void queryClient.prefetchQuery({
    ...lessonListQuery(premium ? (user.current_day ?? 1) : null),
    staleTime: 0,
  });
  start(answeredExercisesQuery, simAttemptsQuery);
  // A free member's roadmap: the purchase rule (it counts the videos from the list above).
  if (!premium) start(planStateQuery);
  if (navigator.onLine) {
    await Promise.race([
      companion,
      new Promise((resolve) => setTimeout(resolve, PROGRESS_WAIT_MS)),
    ]);
  }
  return null;
}

/** /progress: the progress, then (with a plan) the craving charts' 30 days and the medicine card. */
export function progressLoader() {
  if (!signedIn()) return null;
  void readProgress().then((progress) => {
    if (progress) start(cravingSummaryQuery(last30DaysFrom(new Date())), dependenceHistoryQuery);
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
  if (signedIn()) start(quitPlanQuery);
  return null;
}

/** /edit-profile: the profile refresh it makes on opening. */
export function profileLoader() {
  if (signedIn()) start(profileQuery);
  return null;
}

/** /plans: the profile refresh, the plans on sale and the member's own plan. */
export function plansLoader() {
  if (signedIn()) start(profileQuery, plansQuery, planStateQuery);
  return null;
}

/** /notifications: the notification settings and the messaging programme's preferences. */
export function notificationsLoader() {
  if (signedIn()) start(notificationSettingsQuery, messagingPreferencesQuery);
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
