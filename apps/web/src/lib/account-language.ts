import type { LanguageCode } from '@exhale/contract/languages';
import { authStore } from './auth-store';

/**
 * Saves a signed-in member's new UI language on the account (PATCH /user/profile/language), so
 * mails, SMS and invoices follow it (decision 065). Best effort: the switch itself never waits for
 * it or fails because of it; the next switch saves again. The API client is imported here, not at
 * the top: the switcher is in every page's first render, the client is not (landing JS budget).
 */
export async function saveAccountLanguage(language: LanguageCode): Promise<void> {
  if (!authStore.getState().isAuth) return;
  try {
    const { api } = await import('./api');
    await api.PATCH('/api/user/profile/language', { body: { language } });
  } catch {
    // Offline or the session ended: the account keeps its language until the next switch.
  }
}
