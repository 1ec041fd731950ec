import type { AuditEntry, PageQuery } from '@exhale/contract/admin';
import type { Database } from '../../db/client';
import { AuditRepository } from './audit.repository';

export class AdminAuditService {
  constructor(private readonly db: Database) {}

  async page(query: PageQuery & { entity?: string }) {
    const { rows, total } = await new AuditRepository(this.db).page({
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
