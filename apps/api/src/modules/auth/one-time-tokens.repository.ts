import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oneTimeTokens } from '../../db/schema/auth';

export type OneTimeTokenKind = 'reset' | 'delete' | 'verify-email';

export class OneTimeTokensRepository {
  constructor(private readonly db: Executor) {}

  async create(userId: string, kind: OneTimeTokenKind, expiresAt: Date): Promise<string> {
    const [row] = await this.db
      .insert(oneTimeTokens)
      .values({ userId, kind, expiresAt })
      .returning({ id: oneTimeTokens.id });
    return row!.id;
  }

  /**
   * Marks the token used if it is still unused and unexpired; false otherwise. One statement, so
   * two requests racing with the same link cannot both win.
   */
  async consume(id: string, userId: string, kind: OneTimeTokenKind, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.id, id),
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.kind, kind),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, now),
        ),
      )
      .returning({ id: oneTimeTokens.id });
    return rows.length === 1;
  }

  /** Retires every other outstanding token of this kind (an older reset mail, say). */
  async consumeAllForUser(userId: string, kind: OneTimeTokenKind, now: Date): Promise<void> {
    await this.db
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.kind, kind),
          isNull(oneTimeTokens.usedAt),
        ),
      );
  }
}
