/**
 * The mailed reset link carries the API's token with its second and third dot-separated segments
 * swapped (so a mail scanner or an access log that records the URL does not hold a usable bearer
 * token); swapping them back gives the token the API issued (spec §2 "Password Reset page").
 * Anything that is not three non-empty segments is not a token: null.
 */
export function tokenFromResetLink(linkToken: string | null | undefined): string | null {
  const parts = (linkToken ?? '').trim().split('.');
  if (parts.length !== 3 || parts.some((part) => part === '')) return null;
  const [header, second, third] = parts;
  return `${header}.${third}.${second}`;
}
