import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions, users } from '../../db/schema/users';
import { isLiveSessionFromPlaceholders } from './live-session';

export class SessionsRepository {
  constructor(private readonly db: Executor) {}

  async create(userId: string, expiresAt: Date, userAgent?: string) {
    const [row] = await this.db
      .insert(sessions)
      .values({ userId, expiresAt, userAgent: userAgent?.slice(0, 300) })
      .returning({ id: sessions.id });
    return row!.id;
  }

  /** The live session with its user's role, or undefined when revoked, expired or unknown. */
  async findActive(sessionId: string, userId: string) {
    // Every authenticated request runs this: prepared, and a single primary-key lookup.
    const query = prepared(this.db, 'sessions_find_active', (db) =>
      db
        .select({ sessionId: sessions.id, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(isLiveSessionFromPlaceholders())
        .limit(1)
        .prepare('sessions_find_active'),
    );
    const [row] = await query.execute({ sessionId, userId });
    return row;
  }

  async revoke(sessionId: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every session of a user, optionally keeping the caller's own. */
  async revokeAllForUser(userId: string, exceptSessionId?: string) {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(...conditions));
  }
}
