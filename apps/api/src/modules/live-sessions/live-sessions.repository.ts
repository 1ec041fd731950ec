import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { liveSessionRegistrations, liveSessions, type LiveSessionRow } from '../../db/schema/money';

/** Everything a list shows. `joining_details` is deliberately absent: it is only ever mailed. */
const listColumns = {
  id: liveSessions.id,
  title: liveSessions.title,
  description: liveSessions.description,
  amountPaise: liveSessions.amountPaise,
  host: liveSessions.host,
  tags: liveSessions.tags,
  thumbnailImage: liveSessions.thumbnailImage,
  sessionDate: liveSessions.sessionDate,
  includedInPremium: liveSessions.includedInPremium,
};

export class LiveSessionsRepository {
  constructor(private readonly db: Executor) {}

  /** Active sessions, upcoming ones first (soonest first), then past ones (latest first). */
  listForUser(userId: string, now: Date) {
    return this.db
      .select({
        ...listColumns,
        registered: sql<boolean>`${liveSessionRegistrations.id} IS NOT NULL`,
      })
      .from(liveSessions)
      .leftJoin(
        liveSessionRegistrations,
        and(
          eq(liveSessionRegistrations.liveSessionId, liveSessions.id),
          eq(liveSessionRegistrations.userId, userId),
          eq(liveSessionRegistrations.status, 'paid'),
        ),
      )
      .where(eq(liveSessions.active, true))
      .orderBy(
        asc(sql`${liveSessions.sessionDate} < ${now.toISOString()}::timestamptz`),
        asc(
          sql`CASE WHEN ${liveSessions.sessionDate} >= ${now.toISOString()}::timestamptz THEN ${liveSessions.sessionDate} END`,
        ),
        desc(liveSessions.sessionDate),
      );
  }

  async findActive(id: string): Promise<LiveSessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(liveSessions)
      .where(and(eq(liveSessions.id, id), eq(liveSessions.active, true)))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<LiveSessionRow | undefined> {
    const [row] = await this.db.select().from(liveSessions).where(eq(liveSessions.id, id)).limit(1);
    return row;
  }

  async isRegistered(userId: string, liveSessionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: liveSessionRegistrations.id })
      .from(liveSessionRegistrations)
      .where(
        and(
          eq(liveSessionRegistrations.userId, userId),
          eq(liveSessionRegistrations.liveSessionId, liveSessionId),
          eq(liveSessionRegistrations.status, 'paid'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** A paid place; nothing when the user already holds one (the partial unique index). */
  async register(values: typeof liveSessionRegistrations.$inferInsert) {
    const [row] = await this.db
      .insert(liveSessionRegistrations)
      .values(values)
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async insert(values: typeof liveSessions.$inferInsert): Promise<LiveSessionRow> {
    const [row] = await this.db.insert(liveSessions).values(values).returning();
    return row!;
  }
}
