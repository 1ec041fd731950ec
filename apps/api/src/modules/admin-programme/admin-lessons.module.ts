import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { AdminLessonsRepository } from './admin-lessons.repository';
import { AdminLessonsService, type AdminLessonsRepositories } from './admin-lessons.service';

export function adminLessonsRepositories(db: Executor): AdminLessonsRepositories {
  return {
    adminLessons: new AdminLessonsRepository(db),
  };
}

export function createAdminLessonsService(
  deps: Omit<ConstructorParameters<typeof AdminLessonsService>[0], 'data'>,
): AdminLessonsService {
  return new AdminLessonsService({ ...deps, data: dataAccess(deps.db, adminLessonsRepositories) });
}
