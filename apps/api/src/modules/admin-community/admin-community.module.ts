import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { AdminCommunityRepository } from './admin-community.repository';
import { AdminCommunityService, type AdminCommunityRepositories } from './admin-community.service';

export function adminCommunityRepositories(db: Executor): AdminCommunityRepositories {
  return {
    adminCommunity: new AdminCommunityRepository(db),
  };
}

export const createAdminCommunityService = withAuditLog(
  composeService(AdminCommunityService, adminCommunityRepositories),
);
