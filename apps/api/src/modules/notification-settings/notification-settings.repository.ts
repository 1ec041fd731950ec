import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  notificationDefinitions,
  userNotificationSettings,
  type NotificationChannel,
  type NotificationTopic,
} from '../../db/schema/content';

const settingColumns = {
  id: userNotificationSettings.id,
  status: userNotificationSettings.status,
  definitionId: notificationDefinitions.id,
  title: notificationDefinitions.title,
  setting: notificationDefinitions.setting,
  description: notificationDefinitions.description,
};

export type NotificationSettingView = {
  id: string;
  status: boolean;
  definitionId: string;
  title: string;
  setting: string;
  description: string;
};

export class NotificationSettingsRepository {
  constructor(private readonly db: Executor) {}

  /** Gives the user a row for every definition they have none for yet, at its default. */
  async createMissing(userId: string): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO ${userNotificationSettings} (user_id, definition_id, status)
      SELECT ${userId}, ${notificationDefinitions.id}, ${notificationDefinitions.defaultStatus}
      FROM ${notificationDefinitions}
      ON CONFLICT (user_id, definition_id) DO NOTHING
    `);
  }

  /** The user's settings in the definitions' order. */
  listForUser(userId: string): Promise<NotificationSettingView[]> {
    return this.db
      .select(settingColumns)
      .from(userNotificationSettings)
      .innerJoin(
        notificationDefinitions,
        eq(notificationDefinitions.id, userNotificationSettings.definitionId),
      )
      .where(eq(userNotificationSettings.userId, userId))
      .orderBy(asc(notificationDefinitions.position), asc(notificationDefinitions.key));
  }

  /** Sets one of the user's own settings; undefined when the id is not theirs. */
  async updateOwn(
    userId: string,
    settingId: string,
    status: boolean,
  ): Promise<NotificationSettingView | undefined> {
    const [updated] = await this.db
      .update(userNotificationSettings)
      .set({ status, updatedAt: sql`now()` })
      .where(
        and(
          eq(userNotificationSettings.id, settingId),
          eq(userNotificationSettings.userId, userId),
        ),
      )
      .returning({ id: userNotificationSettings.id });
    if (!updated) return undefined;
    const [row] = await this.db
      .select(settingColumns)
      .from(userNotificationSettings)
      .innerJoin(
        notificationDefinitions,
        eq(notificationDefinitions.id, userNotificationSettings.definitionId),
      )
      .where(eq(userNotificationSettings.id, updated.id));
    return row;
  }

  /** Puts every setting of the user back to its definition's default. */
  async resetToDefaults(userId: string): Promise<void> {
    await this.db
      .update(userNotificationSettings)
      .set({ status: notificationDefinitions.defaultStatus, updatedAt: sql`now()` })
      .from(notificationDefinitions)
      .where(
        and(
          eq(userNotificationSettings.userId, userId),
          eq(notificationDefinitions.id, userNotificationSettings.definitionId),
        ),
      );
  }

  /**
   * The channels among `channels` on which the user wants messages about `topic`: their own
   * choice where they made one, the definition's default otherwise. A channel with no definition
   * for the topic is not offered, so it is never used.
   */
  async enabledChannels(
    userId: string,
    topic: NotificationTopic,
    channels: readonly NotificationChannel[],
  ): Promise<NotificationChannel[]> {
    const rows = await this.db
      .select({ channel: notificationDefinitions.channel })
      .from(notificationDefinitions)
      .leftJoin(
        userNotificationSettings,
        and(
          eq(userNotificationSettings.definitionId, notificationDefinitions.id),
          eq(userNotificationSettings.userId, userId),
        ),
      )
      .where(
        and(
          eq(notificationDefinitions.topic, topic),
          inArray(notificationDefinitions.channel, [...channels]),
          sql`coalesce(${userNotificationSettings.status}, ${notificationDefinitions.defaultStatus})`,
        ),
      );
    return rows.map((row) => row.channel);
  }
}
