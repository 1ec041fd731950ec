/**
 * Who may use the console and what of it (API.md "Coach support"): admins everything, coaches the
 * inbox and its conversations only. The server checks every call again; this keeps a coach from
 * landing on pages whose every request would be refused.
 */
export type ConsoleRole = 'admin' | 'coach';

export function consoleRole(role: string | null | undefined): ConsoleRole | null {
  return role === 'admin' || role === 'coach' ? role : null;
}

const COACH_PATHS = /^\/admin\/inbox(\/[^/]+)?\/?$/;

/** Whether `role` may open the console page at `pathname`. */
export function mayOpen(role: ConsoleRole, pathname: string): boolean {
  return role === 'admin' || COACH_PATHS.test(pathname);
}

/** Where the console starts for `role`: the metrics for admins, the inbox for coaches. */
export function consoleHome(role: ConsoleRole): string {
  return role === 'admin' ? '/admin' : '/admin/inbox';
}
