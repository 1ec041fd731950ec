import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Step } from '@exhale/contract/steps';
import { useCurrentUser } from './auth-store';
import type { StoredUser } from './storage';
import { notify } from './toast';
import { useProfile } from './use-profile';

/**
 * Spec §4 "User step": a user whose first test is still pending (step 0) is sent to /sim-test with
 * the warning 'Please Take Test'. The router applies it once, to every programme page (the
 * dashboard with its lesson player, the exercise pages and the live sessions); the pages a step-0
 * user still needs (the test, profile, plans, notifications, explore) stay open (decision 022).
 *
 * Returns the user once the page may render, and null while that is being decided or while the
 * user is on the way to the test.
 *
 * The profile is refreshed underneath (every successful refresh replaces the stored user). A
 * stored step of 1 or more renders the page at once, and the refresh may still redirect. A stored
 * step 0 waits for the refresh instead: the stored copy is stale when the test was taken on
 * another device, and a redirect with a wrong warning (bounced back by /sim-test) is worse than a
 * moment's loader. When the refresh fails the stored copy decides.
 */
export function useTakeTestGuard(): StoredUser | null {
  const navigate = useNavigate();
  const { t } = useTranslation();
  // Refreshes the stored user (and ends a session the server no longer accepts).
  const profile = useProfile();
  const user = useCurrentUser();
  const firstTestPending = user?.step === Step.FIRST_TEST_PENDING;
  const refreshed = !profile.isFetching && (profile.isSuccess || profile.isError);
  const redirecting = firstTestPending && refreshed;

  useEffect(() => {
    if (!redirecting) return;
    notify.warning(t('programme.pleaseTakeTest'));
    void navigate('/sim-test', { replace: true });
  }, [redirecting, navigate, t]);

  return firstTestPending ? null : user;
}
