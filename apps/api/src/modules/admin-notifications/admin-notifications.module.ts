import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { withAuditLog } from '../admin-audit/admin-audit.module';
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

export const createAdminNotificationsService = withAuditLog(
  composeService(AdminNotificationsService, adminNotificationsRepositories),
);
