import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { AdminPeopleRepository } from './admin-people.repository';
import { AdminPeopleService, type AdminPeopleRepositories } from './admin-people.service';

export function adminPeopleRepositories(db: Executor): AdminPeopleRepositories {
  return {
    adminPeople: new AdminPeopleRepository(db),
  };
}

export const createAdminPeopleService = composeService(AdminPeopleService, adminPeopleRepositories);
