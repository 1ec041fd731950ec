import { getToken } from './storage';

/**
 * The member's session as a cookie for the one page the server renders with their data, the
 * dashboard (decision 076). The session itself stays in local storage, where every API call
 * reads it; the cookie only lets the request for the dashboard's HTML say whose dashboard to draw,
 * so a member on a slow network reads it before the app's code has arrived.
 *
 * Scoped to that page's path: no other request carries it, the API reads no cookie for any of its
 * calls (so it opens no cross-site request forgery), and `SameSite=Lax` keeps it off requests
 * other sites start, but for a link followed to the page. Script-readable like the token in
 * local storage, so it exposes nothing a script on the page could not already read.
 */
export const PAGE_SESSION_COOKIE = 'session';
export const PAGE_SESSION_PATH = '/dashboard';

/** Thirty days: the server's session lifetime; the server checks the session on every use. */
const MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Writes the cookie for the stored session, or removes it when there is none. */
export function syncPageSessionCookie(): void {
  if (typeof document === 'undefined') return;
  const token = getToken();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const value = token ? `${token}; Max-Age=${MAX_AGE_SECONDS}` : '; Max-Age=0';
  document.cookie = `${PAGE_SESSION_COOKIE}=${value}; Path=${PAGE_SESSION_PATH}; SameSite=Lax${secure}`;
}
