import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { AdminPeopleRepository } from './admin-people.repository';
import { AdminPeopleService, type AdminPeopleRepositories } from './admin-people.service';

export function adminPeopleRepositories(db: Executor): AdminPeopleRepositories {
  return {
    adminPeople: new AdminPeopleRepository(db),
  };
}

export const createAdminPeopleService = withAuditLog(
  composeService(AdminPeopleService, adminPeopleRepositories),
);
