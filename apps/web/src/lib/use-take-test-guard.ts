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
 * the warning 'Please Take Test'. Used by the dashboard and its lesson player; not by /sim-test,
 * /edit-profile or /plans, which a step-0 user must still reach.
 *
 * The page renders from the stored user at once and the profile is refreshed underneath; the
 * redirect happens as soon as either copy says step 0.
 */
export function useTakeTestGuard(): { user: StoredUser | null; redirecting: boolean } {
  const navigate = useNavigate();
  const { t } = useTranslation();
  // Refreshes the stored user (and ends a session the server no longer accepts).
  useProfile();
  const user = useCurrentUser();
  const redirecting = user?.step === Step.FIRST_TEST_PENDING;

  useEffect(() => {
    if (!redirecting) return;
    notify.warning(t('programme.pleaseTakeTest'));
    void navigate('/sim-test', { replace: true });
  }, [redirecting, navigate, t]);

  return { user, redirecting };
}
