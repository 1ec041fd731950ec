import type {
  AdminNotificationDefinition,
  adminNotificationDefinitionCreateSchema,
  adminNotificationDefinitionUpdateSchema,
  NOTIFICATION_DEFINITION_CHANNELS,
  NOTIFICATION_DEFINITION_TOPICS,
} from '@exhale/contract/admin';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type {
  NotificationChannel,
  NotificationDefinitionRow,
  NotificationTopic,
} from '../../db/schema/content';
import { conflict, notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import { uniqueViolation } from '../../lib/pg-errors';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import {
  type AdminNotificationsRepository,
  type DefinitionWithUse,
} from './admin-notifications.repository';

type DefinitionCreate = z.output<typeof adminNotificationDefinitionCreateSchema>;
type DefinitionUpdate = z.output<typeof adminNotificationDefinitionUpdateSchema>;

// The contract's topics and channels must be ones the table (and the senders) know.
type ContractTopic = (typeof NOTIFICATION_DEFINITION_TOPICS)[number];
type ContractChannel = (typeof NOTIFICATION_DEFINITION_CHANNELS)[number];
const asTopic = (topic: ContractTopic): NotificationTopic => topic;
const asChannel = (channel: ContractChannel): NotificationChannel => channel;

const definitionNotFound = () => notFound('Notification setting not found.');

const pairTaken = (topic: string, channel: string) =>
  conflict(
    'NOTIFICATION_DEFINITION_TAKEN',
    `A setting for ${topic} notifications by ${channel} already exists: edit that one instead.`,
  );

/** The repositories AdminNotificationsService uses, on the pool or a transaction (its module file builds them). */
export interface AdminNotificationsRepositories {
  adminNotifications: AdminNotificationsRepository;
}

/**
 * The notification settings users can toggle (API.md "Admin": notification definitions). One
 * definition per (topic, channel), keyed `topic.channel`: the senders ask whether a user keeps a
 * channel on for a topic, so a second definition for the same pair would send twice. Deleting
 * one stops that channel for that topic for everybody and drops the users' choices with it
 * (decision 025).
 */
export class AdminNotificationsService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<AdminNotificationsRepositories>;
      audit: AuditLog;
    },
  ) {}

  private toDefinition({ definition, users, usersOff }: DefinitionWithUse) {
    return {
      _id: definition.id,
      key: definition.key,
      topic: definition.topic,
      channel: definition.channel,
      title: definition.title,
      setting: definition.setting,
      description: definition.description,
      default_status: definition.defaultStatus,
      position: definition.position,
      users,
      users_off: usersOff,
    } as AdminNotificationDefinition;
  }

  async list(): Promise<AdminNotificationDefinition[]> {
    const rows = await this.deps.data.repos.adminNotifications.list();
    return rows.map((row) => this.toDefinition(row));
  }

  async create(actor: AdminActor, body: DefinitionCreate): Promise<AdminNotificationDefinition> {
    const topic = asTopic(body.topic);
    const channel = asChannel(body.channel);
    try {
      const row = await this.deps.audit.write(
        actor,
        { action: 'create', entity: 'notification_definition' },
        async (tx) => {
          const repository = this.deps.data.within(tx).adminNotifications;
          if (await repository.findByPair(topic, channel)) throw pairTaken(topic, channel);
          const inserted = await repository.insert({
            key: `${topic}.${channel}`,
            topic,
            channel,
            title: body.title,
            setting: body.setting,
            description: body.description,
            defaultStatus: body.default_status,
            position: body.position ?? (await repository.nextPosition()),
          });
          return { entityId: inserted.id, before: null, after: inserted, result: inserted };
        },
      );
      return this.toDefinition({ definition: row, users: 0, usersOff: 0 });
    } catch (error) {
      // Two operators adding the same pair at once: the unique key decides.
      if (uniqueViolation(error) === 'notification_definitions_key') {
        throw pairTaken(topic, channel);
      }
      throw error;
    }
  }

  async update(
    actor: AdminActor,
    id: string,
    body: DefinitionUpdate,
  ): Promise<AdminNotificationDefinition> {
    if (!isUuid(id)) throw definitionNotFound();
    const { row, use } = await this.deps.audit.write(
      actor,
      { action: 'update', entity: 'notification_definition' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminNotifications;
        const current = await repository.findForUpdate(id);
        if (!current) throw definitionNotFound();
        const updated = await repository.update(id, {
          title: body.title,
          setting: body.setting,
          description: body.description,
          defaultStatus: body.default_status,
          position: body.position,
        });
        return {
          entityId: id,
          before: current,
          after: updated,
          result: { row: updated, use: await repository.use(id) },
        };
      },
    );
    return this.toDefinition({ definition: row, ...use });
  }

  async delete(actor: AdminActor, id: string): Promise<{ users: number }> {
    if (!isUuid(id)) throw definitionNotFound();
    return this.deps.audit.write(
      actor,
      { action: 'delete', entity: 'notification_definition' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminNotifications;
        const current: NotificationDefinitionRow | undefined = await repository.findForUpdate(id);
        if (!current) throw definitionNotFound();
        const use = await repository.use(id);
        await repository.delete(id);
        return {
          entityId: id,
          // The choices removed with it are part of what changed.
          before: { ...current, users: use.users, usersOff: use.usersOff },
          after: null,
          result: { users: use.users },
        };
      },
    );
  }
}
