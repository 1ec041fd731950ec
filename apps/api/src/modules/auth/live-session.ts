import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/users';

/**
 * The condition every session-checking query shares: the session named by the `sessionId` and
 * `userId` placeholders of a prepared statement exists, belongs to that user, is not revoked
 * and has not expired. Revocation is read on every request, never cached, so a logout in one
 * process is refused by every other at once.
 */
export function isLiveSessionFromPlaceholders() {
  return and(
    eq(sessions.id, sql.placeholder('sessionId')),
    eq(sessions.userId, sql.placeholder('userId')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
  );
}
