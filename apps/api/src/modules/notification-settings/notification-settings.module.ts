import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
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

export const createNotificationSettingsService = composeService(
  NotificationSettingsService,
  notificationSettingsRepositories,
);
