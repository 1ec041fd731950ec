import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { BackupsRepository } from '../backups/backups.repository';
import { AdminMetricsRepository } from './admin-metrics.repository';
import { AdminMetricsService, type AdminMetricsRepositories } from './admin-metrics.service';

export function adminMetricsRepositories(db: Executor): AdminMetricsRepositories {
  return {
    adminMetrics: new AdminMetricsRepository(db),
    backups: new BackupsRepository(db),
  };
}

export const createAdminMetricsService = composeService(
  AdminMetricsService,
  adminMetricsRepositories,
);
