import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { OutboxRepository } from '../outbox/outbox.repository';
import { BackupsRepository } from './backups.repository';
import { BackupService, type BackupRepositories } from './backups.service';

export function backupRepositories(db: Executor): BackupRepositories {
  return {
    backups: new BackupsRepository(db),
    notifications: new NotificationsRepository(db),
    outbox: new OutboxRepository(db),
  };
}

export const createBackupService = composeService(BackupService, backupRepositories);
