/**
 * Which chrome a page gets is decided by the first path segment alone (spec §2 "Layout rules"),
 * so a page added later inherits the right header without touching the layout.
 */
export const publicLayoutSegments: readonly string[] = ['', 'login', 'signup'];
export const bareSegments: readonly string[] = [
  'terms-and-conditions',
  'privacy-policy',
  'reset',
  'help-center',
  'user-delete',
  'verify-email',
];
export const footerlessSegments: readonly string[] = ['reset'];

/** 'public': marketing header; 'bare': no header; 'app': the logged-in top bar. */
export type LayoutKind = 'public' | 'bare' | 'app';

// The router matches paths case-insensitively, so /Login must get the same chrome as /login.
export function firstSegment(pathname: string): string {
  return (pathname.split('/')[1] ?? '').toLowerCase();
}

export function layoutFor(pathname: string): LayoutKind {
  const segment = firstSegment(pathname);
  if (publicLayoutSegments.includes(segment)) return 'public';
  if (bareSegments.includes(segment)) return 'bare';
  return 'app';
}

export function showsFooter(pathname: string): boolean {
  return !footerlessSegments.includes(firstSegment(pathname));
}
