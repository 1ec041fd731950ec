import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { BackupsRepository } from '../backups/backups.repository';
import { AdminMetricsRepository } from './admin-metrics.repository';
import { AdminMetricsService, type AdminMetricsRepositories } from './admin-metrics.service';

export function adminMetricsRepositories(db: Executor): AdminMetricsRepositories {
  return {
    adminMetrics: new AdminMetricsRepository(db),
    backups: new BackupsRepository(db),
  };
}

export function createAdminMetricsService(
  deps: Omit<ConstructorParameters<typeof AdminMetricsService>[0], 'data'>,
): AdminMetricsService {
  return new AdminMetricsService({ ...deps, data: dataAccess(deps.db, adminMetricsRepositories) });
}
