import type { AuditEntry, PageQuery } from '@exhale/contract/admin';
import type { AuditRepository } from './audit.repository';

/** The console's audit log; reads only, so its repository lives on the pool. */
export class AdminAuditService {
  constructor(private readonly repos: { audit: Pick<AuditRepository, 'page'> }) {}

  async page(query: PageQuery & { entity?: string }) {
    const { rows, total } = await this.repos.audit.page({
      entity: query.entity || undefined,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    const data: AuditEntry[] = rows.map(({ entry, adminName, adminEmail }) => ({
      _id: entry.id,
      admin:
        entry.adminId && adminEmail !== null
          ? { _id: entry.adminId, name: adminName ?? '', email: adminEmail }
          : null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before,
      after: entry.after,
      created_at: entry.createdAt.toISOString(),
    }));
    return { data, total, page: query.page, page_size: query.page_size };
  }
}
