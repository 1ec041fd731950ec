import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationReminders } from '../../db/schema/content';
import { liveSessionRegistrations, liveSessions } from '../../db/schema/money';
import { users } from '../../db/schema/users';

export type ReminderKind = (typeof notificationReminders.$inferInsert)['kind'];

export class RemindersRepository {
  constructor(private readonly db: Executor) {}

  /** Premium users whose purchase is recent enough for their programme to still be unlocking. */
  premiumUsersSince(earliest: Date) {
    return this.db
      .select({ id: users.id, premiumSince: users.premiumSince, language: users.language })
      .from(users)
      .where(
        and(
          eq(users.type, 'premium'),
          isNotNull(users.premiumSince),
          gt(users.premiumSince, earliest),
        ),
      );
  }

  /** Paid registrations for active sessions starting between `from` and `to`, with each member's language. */
  registrationsForSessionsBetween(from: Date, to: Date) {
    return this.db
      .select({
        userId: liveSessionRegistrations.userId,
        sessionId: liveSessions.id,
        title: liveSessions.title,
        sessionDate: liveSessions.sessionDate,
        language: users.language,
      })
      .from(liveSessionRegistrations)
      .innerJoin(liveSessions, eq(liveSessions.id, liveSessionRegistrations.liveSessionId))
      .innerJoin(users, eq(users.id, liveSessionRegistrations.userId))
      .where(
        and(
          eq(liveSessionRegistrations.status, 'paid'),
          eq(liveSessions.active, true),
          gt(liveSessions.sessionDate, from),
          lt(liveSessions.sessionDate, to),
        ),
      );
  }

  /** Reminders of a kind already sent since `since`, as 'userId:ref' keys. */
  async sentSince(kind: ReminderKind, since: Date): Promise<Set<string>> {
    const rows = await this.db
      .select({ userId: notificationReminders.userId, ref: notificationReminders.ref })
      .from(notificationReminders)
      .where(and(eq(notificationReminders.kind, kind), gt(notificationReminders.createdAt, since)));
    return new Set(rows.map((row) => `${row.userId}:${row.ref}`));
  }

  /** Claims a reminder; false when it was already sent (by this or another process). */
  async claim(userId: string, kind: ReminderKind, ref: string): Promise<boolean> {
    const rows = await this.db
      .insert(notificationReminders)
      .values({ userId, kind, ref })
      .onConflictDoNothing()
      .returning({ id: notificationReminders.id });
    return rows.length > 0;
  }

  /** For tests and operators: how many reminders of a kind a user got. */
  async count(userId: string, kind: ReminderKind): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notificationReminders)
      .where(and(eq(notificationReminders.userId, userId), eq(notificationReminders.kind, kind)));
    return row?.n ?? 0;
  }
}
