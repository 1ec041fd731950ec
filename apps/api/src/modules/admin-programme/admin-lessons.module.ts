import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { AdminLessonsRepository } from './admin-lessons.repository';
import { AdminLessonsService, type AdminLessonsRepositories } from './admin-lessons.service';

export function adminLessonsRepositories(db: Executor): AdminLessonsRepositories {
  return {
    adminLessons: new AdminLessonsRepository(db),
  };
}

export const createAdminLessonsService = withAuditLog(
  composeService(AdminLessonsService, adminLessonsRepositories),
);
