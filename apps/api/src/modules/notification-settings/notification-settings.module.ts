import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { NotificationSettingsRepository } from './notification-settings.repository';
import {
  NotificationSettingsService,
  type NotificationSettingsRepositories,
} from './notification-settings.service';

export function notificationSettingsRepositories(db: Executor): NotificationSettingsRepositories {
  return {
    notificationSettings: new NotificationSettingsRepository(db),
  };
}

export function createNotificationSettingsService(
  deps: Omit<ConstructorParameters<typeof NotificationSettingsService>[0], 'data'>,
): NotificationSettingsService {
  return new NotificationSettingsService({
    ...deps,
    data: dataAccess(deps.db, notificationSettingsRepositories),
  });
}
