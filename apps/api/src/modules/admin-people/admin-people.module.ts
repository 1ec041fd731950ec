import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { AdminPeopleRepository } from './admin-people.repository';
import { AdminPeopleService, type AdminPeopleRepositories } from './admin-people.service';

export function adminPeopleRepositories(db: Executor): AdminPeopleRepositories {
  return {
    adminPeople: new AdminPeopleRepository(db),
  };
}

export function createAdminPeopleService(
  deps: Omit<ConstructorParameters<typeof AdminPeopleService>[0], 'data'>,
): AdminPeopleService {
  return new AdminPeopleService({ ...deps, data: dataAccess(deps.db, adminPeopleRepositories) });
}
