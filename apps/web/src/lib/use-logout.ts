import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { logout } from './auth-store';
import { getBearerToken } from './storage';
import { notify } from './toast';
import { turnOffPush } from './web-push';

/**
 * Why the session ends: the user chose Logout (toast 'Logout Success'), or the server no longer
 * accepts the session (toast 'Please Login', as the guard says to a visitor without one).
 */
export type LogoutReason = 'user' | 'sessionEnded';

/** Logout (spec §4): clear local storage, go to /login, toast. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useCallback(
    (reason: LogoutReason = 'user') => {
      const token = getBearerToken();
      // Best effort and not awaited: the user is logged out locally even when offline. The header
      // is set explicitly because storage is cleared before the request is built.
      if (token && reason === 'user') {
        // Signing out stops this device's notifications (the server forgets it, then the browser).
        void turnOffPush(`Bearer ${token}`).catch((error: unknown) =>
          console.error('Push unsubscribe failed', error),
        );
        api
          .POST('/api/auth/user/logout', { headers: { Authorization: `Bearer ${token}` } })
          .catch((error: unknown) => console.error('Logout request failed', error));
      }
      logout();
      // The cache is emptied once the signed-in page has gone: emptied under it, the page's
      // queries would fetch again at once and be refused (401) without a session.
      void Promise.resolve(navigate('/login')).then(() => queryClient.clear());
      if (reason === 'user') notify.success(t('topbar.logoutSuccess'));
      else notify.error(t('auth.pleaseLogin'));
    },
    [navigate, queryClient, t],
  );
}
