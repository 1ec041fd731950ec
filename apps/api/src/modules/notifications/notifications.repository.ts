import type { LanguageCode } from '@exhale/contract/languages';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

export class NotificationsRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: {
    userId: string;
    title: string;
    message: string;
    language?: LanguageCode | null;
  }): Promise<string> {
    const [row] = await this.db
      .insert(notifications)
      .values(values)
      .returning({ id: notifications.id });
    return row!.id;
  }

  /** Newest first; the bell shows a short list, so it is capped. */
  listForUser(userId: string, limit = 50) {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }
}
