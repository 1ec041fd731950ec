import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  notificationDefinitions,
  userNotificationSettings,
  type NotificationDefinitionRow,
} from '../../db/schema/content';

export type NewNotificationDefinition = typeof notificationDefinitions.$inferInsert;

/** A definition with how many users have a row for it and how many of those have it off. */
export interface DefinitionWithUse {
  definition: NotificationDefinitionRow;
  users: number;
  usersOff: number;
}

/** How far apart definitions added without a position are placed (room to slot one between). */
const POSITION_STEP = 10;

export class AdminNotificationsRepository {
  constructor(private readonly db: Executor) {}

  /** Every definition in the users' order, with its use (one pass over the settings' index). */
  async list(): Promise<DefinitionWithUse[]> {
    const use = this.db
      .select({
        definitionId: userNotificationSettings.definitionId,
        users: count().as('users'),
        usersOff:
          sql<number>`count(*) FILTER (WHERE NOT ${userNotificationSettings.status})::int`.as(
            'users_off',
          ),
      })
      .from(userNotificationSettings)
      .groupBy(userNotificationSettings.definitionId)
      .as('use');
    const rows = await this.db
      .select({ definition: notificationDefinitions, users: use.users, usersOff: use.usersOff })
      .from(notificationDefinitions)
      .leftJoin(use, eq(use.definitionId, notificationDefinitions.id))
      .orderBy(asc(notificationDefinitions.position), asc(notificationDefinitions.key));
    return rows.map((row) => ({
      definition: row.definition,
      users: Number(row.users ?? 0),
      usersOff: Number(row.usersOff ?? 0),
    }));
  }

  /** The definition, locked until the transaction ends (an edit and a delete do not cross). */
  async findForUpdate(id: string): Promise<NotificationDefinitionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notificationDefinitions)
      .where(eq(notificationDefinitions.id, id))
      .for('update');
    return row;
  }

  async findByPair(
    topic: NotificationDefinitionRow['topic'],
    channel: NotificationDefinitionRow['channel'],
  ): Promise<NotificationDefinitionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notificationDefinitions)
      .where(
        and(eq(notificationDefinitions.topic, topic), eq(notificationDefinitions.channel, channel)),
      )
      .limit(1);
    return row;
  }

  async use(id: string): Promise<{ users: number; usersOff: number }> {
    const [row] = await this.db
      .select({
        users: count(),
        usersOff: sql<number>`count(*) FILTER (WHERE NOT ${userNotificationSettings.status})::int`,
      })
      .from(userNotificationSettings)
      .where(eq(userNotificationSettings.definitionId, id));
    return { users: Number(row?.users ?? 0), usersOff: Number(row?.usersOff ?? 0) };
  }

  /** Where a definition added without a position goes: after the last one. */
  async nextPosition(): Promise<number> {
    const [row] = await this.db
      .select({ last: sql<number | null>`max(${notificationDefinitions.position})` })
      .from(notificationDefinitions);
    const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
    return last === null ? POSITION_STEP : last + POSITION_STEP;
  }

  async insert(values: NewNotificationDefinition): Promise<NotificationDefinitionRow> {
    const [row] = await this.db.insert(notificationDefinitions).values(values).returning();
    return row!;
  }

  async update(
    id: string,
    values: Partial<NewNotificationDefinition>,
  ): Promise<NotificationDefinitionRow> {
    const [row] = await this.db
      .update(notificationDefinitions)
      .set(values)
      .where(eq(notificationDefinitions.id, id))
      .returning();
    return row!;
  }

  /** Users' choices for it go with it (the foreign key cascades). */
  async delete(id: string): Promise<void> {
    await this.db.delete(notificationDefinitions).where(eq(notificationDefinitions.id, id));
  }
}
