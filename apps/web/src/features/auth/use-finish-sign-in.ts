import { useCallback, useState } from 'react';
import type { ParseKeys } from 'i18next';
import { useNavigate } from 'react-router';
import { authStore } from '../../lib/auth-store';
import { serverText } from '../../lib/messages';
import type { StoredUser } from '../../lib/storage';
import { notify } from '../../lib/toast';

/** Spec §2/§9: after registration or any login, the next page opens 1 s after the toast. */
export const SIGNED_IN_REDIRECT_MS = 1000;

export interface SignedInBody {
  token: string;
  data: StoredUser;
  message?: string;
}

/**
 * Stores the new session, toasts the server's message and opens `to` a second later. `done`
 * stays true meanwhile so the dialog's buttons cannot send a second request.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const finish = useCallback(
    (body: SignedInBody, to: string, fallbackKey: ParseKeys = 'messages.LOGIN_SUCCESS') => {
      authStore.setSession(body.token, body.data);
      notify.success(serverText(body.message, fallbackKey));
      setDone(true);
      window.setTimeout(() => navigate(to, { replace: true }), SIGNED_IN_REDIRECT_MS);
    },
    [navigate],
  );
  return { finish, done };
}
