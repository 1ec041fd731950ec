import type { LanguageCode } from '@exhale/contract/languages';
import { api, unwrap } from './api';
import { authStore } from './auth-store';
import { currentLanguage } from './i18n';

/** The member this page load has already compared (one call per start or sign-in at most). */
let checkedFor: string | undefined;

/**
 * An account whose language the member never set — one from before the account language,
 * English by default — takes the UI language (decision 068). Called by the signed-in pages' top
 * bar, so after a sign-in and on every start with a session: when the UI language is not the
 * account's, the web offers it with `if_unset`, which the API takes only while the account's
 * language was never set, answering the account's language either way; the stored copy of the
 * user takes that answer. Once per page load; a failure is tried again at the next start.
 * Lives outside the entry (the top bar loads it), so the landing page's JS does not grow.
 */
export async function adoptDeviceLanguage(
  language: LanguageCode = currentLanguage(),
): Promise<void> {
  const { isAuth, user } = authStore.getState();
  if (!isAuth || !user || checkedFor === user._id) return;
  checkedFor = user._id;
  if ((user.language ?? 'en') === language) return;
  try {
    const { data } = unwrap(
      await api.PATCH('/api/user/profile/language', { body: { language, if_unset: true } }),
    );
    const now = authStore.getState().user;
    if (now?._id === user._id) authStore.setUser({ ...now, language: data.language });
  } catch {
    // Offline or the session ended: asked again at the next start.
    checkedFor = undefined;
  }
}

/** Tests: a new page load. */
export function resetAdoptDeviceLanguage(): void {
  checkedFor = undefined;
}
