import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { AdminCommunityRepository } from './admin-community.repository';
import { AdminCommunityService, type AdminCommunityRepositories } from './admin-community.service';

export function adminCommunityRepositories(db: Executor): AdminCommunityRepositories {
  return {
    adminCommunity: new AdminCommunityRepository(db),
  };
}

export function createAdminCommunityService(
  deps: Omit<ConstructorParameters<typeof AdminCommunityService>[0], 'data'>,
): AdminCommunityService {
  return new AdminCommunityService({
    ...deps,
    data: dataAccess(deps.db, adminCommunityRepositories),
  });
}
