import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';

export class WhatsappRepository {
  constructor(private readonly db: Executor) {}

  /** Whether an account other than `userId` has this number. */
  async takenByAnother(number: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.whatsappNo, number), ne(users.id, userId)))
      .limit(1);
    return row !== undefined;
  }

  async setNumber(userId: string, number: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ whatsappNo: number, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    return row;
  }
}
