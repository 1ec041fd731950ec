import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { AdminNotificationsRepository } from './admin-notifications.repository';
import {
  AdminNotificationsService,
  type AdminNotificationsRepositories,
} from './admin-notifications.service';

export function adminNotificationsRepositories(db: Executor): AdminNotificationsRepositories {
  return {
    adminNotifications: new AdminNotificationsRepository(db),
  };
}

export function createAdminNotificationsService(
  deps: Omit<ConstructorParameters<typeof AdminNotificationsService>[0], 'data'>,
): AdminNotificationsService {
  return new AdminNotificationsService({
    ...deps,
    data: dataAccess(deps.db, adminNotificationsRepositories),
  });
}
