import { istDayNumber } from '@exhale/contract/ist';

/**
 * Decision 049: 'Welcome Back' (spec §2) greets members who come back; on the IST day the
 * account was created the member is new and is welcomed without the 'Back'.
 */
export function isNewMember(createdAt: string | undefined, now: Date): boolean {
  if (!createdAt) return false;
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return false;
  return istDayNumber(created) === istDayNumber(now);
}
