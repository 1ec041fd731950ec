import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, type AuditLogRow } from '../../db/schema/admin';
import { users } from '../../db/schema/users';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export class AuditRepository {
  constructor(private readonly db: Executor) {}

  async insert(entry: NewAuditEntry): Promise<AuditLogRow> {
    const [row] = await this.db.insert(auditLog).values(entry).returning();
    return row!;
  }

  /** Newest first (the created_at index), with the operator's name and email when still known. */
  async page(input: { entity?: string; limit: number; offset: number }) {
    const where: SQL | undefined = input.entity ? eq(auditLog.entity, input.entity) : undefined;
    const rows = await this.db
      .select({ entry: auditLog, adminName: users.name, adminEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.adminId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.limit)
      .offset(input.offset);
    const [total] = await this.db.select({ n: count() }).from(auditLog).where(where);
    return { rows, total: total?.n ?? 0 };
  }
}
