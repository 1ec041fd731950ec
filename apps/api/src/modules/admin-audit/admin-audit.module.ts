import type { Database } from '../../db/client';
import { AdminAuditService } from './admin-audit.service';
import { AuditRepository } from './audit.repository';

export function createAdminAuditService(db: Database): AdminAuditService {
  return new AdminAuditService({ audit: new AuditRepository(db) });
}
