import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { AdminAuditService } from './admin-audit.service';
import { AuditLog, type AuditRepositories } from './audit';
import { AuditRepository } from './audit.repository';

export function createAdminAuditService(db: Database): AdminAuditService {
  return new AdminAuditService({ audit: new AuditRepository(db) });
}

export function auditRepositories(db: Executor): AuditRepositories {
  return { audit: new AuditRepository(db) };
}

/** The audit log on the database: admin writes and their records in one transaction. */
export function createAuditLog(db: Database): AuditLog {
  return new AuditLog(dataAccess(db, auditRepositories));
}

/** An admin service's composition, handing the service the audit log on the same database. */
export function withAuditLog<D extends { db: Database; audit: AuditLog }, S>(
  create: (deps: D) => S,
): (deps: Omit<D, 'audit'>) => S {
  return (deps) => create({ ...deps, audit: createAuditLog(deps.db) } as D);
}
