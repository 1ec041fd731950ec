import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/push';

/** Browsers a member keeps subscribed; a new one beyond this replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export interface NewPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

export class PushRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Saves a browser's subscription: the same endpoint again updates its keys (and moves it to
   * whoever signed in on that browser last). Then only the member's newest ten stay.
   */
  async upsert(values: NewPushSubscription, now: Date): Promise<string> {
    const [row] = await this.db
      .insert(pushSubscriptions)
      .values({ ...values, createdAt: now, lastUsedAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: values.userId,
          p256dh: values.p256dh,
          auth: values.auth,
          userAgent: values.userAgent,
          lastUsedAt: now,
        },
      })
      .returning({ id: pushSubscriptions.id });
    const keep = this.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, values.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await this.db
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, values.userId), notInArray(pushSubscriptions.id, keep)),
      );
    return row!.id;
  }

  async removeOwn(userId: string, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  /** The ids of a member's subscriptions, newest first. */
  async idsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt));
    return rows.map((row) => row.id);
  }

  /** A member's browsers with their labels ('Chrome on Android'), newest first. */
  async browsersOf(userId: string): Promise<{ id: string; label: string | null }[]> {
    return this.db
      .select({ id: pushSubscriptions.id, label: pushSubscriptions.userAgent })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt));
  }

  async find(id: string) {
    const [row] = await this.db
      .select({
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, id))
      .limit(1);
    return row;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db
      .update(pushSubscriptions)
      .set({ lastUsedAt: sql`greatest(${pushSubscriptions.lastUsedAt}, ${at})` })
      .where(eq(pushSubscriptions.id, id));
  }
}
