/**
 * Which push endpoints the server will POST to (API.md "Real channels"). The browser chooses the
 * URL, so without this rule a member could make the server call any address it can reach.
 * Production accepts only `https:` on the known push services; elsewhere `https:` on loopback too,
 * for the tests' local push service. Anything else, plain `http:` included, is refused.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com'];
const PUSH_SERVICE_DOMAINS = [
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];
const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost'];

export function isAllowedPushEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (PUSH_SERVICE_HOSTS.includes(host)) return true;
  if (PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain))) return true;
  return !production && LOOPBACK_HOSTS.includes(host);
}
