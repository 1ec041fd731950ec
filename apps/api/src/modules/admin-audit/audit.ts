import type { Executor } from '../../db/client';
import type { DataAccess } from '../../lib/data-access';
import type { AuditRepository } from './audit.repository';

/** The operator making a change (from the request's admin session). */
export interface AdminActor {
  id: string;
}

/** Never copied into the log, whatever row a service hands over. */
const SECRET_FIELDS = new Set(['passwordHash', 'password_hash', 'googleSub', 'google_sub']);

/** A JSON copy of a row for the log: dates as ISO strings, secrets dropped. */
export function snapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(
    JSON.stringify(value, (key, inner: unknown) => (SECRET_FIELDS.has(key) ? undefined : inner)),
  ) as unknown;
}

export interface AuditedChange<T> {
  entityId: string | null;
  before: unknown;
  after: unknown;
  result: T;
}

/** What the audit log writes (admin-audit.module.ts builds it). */
export interface AuditRepositories {
  audit: Pick<AuditRepository, 'insert'>;
}

/**
 * The admin audit log. Every admin service is handed one by its composition (`withAuditLog` in
 * admin-audit.module.ts) and changes data only through it, so there is never a change without its
 * record.
 */
export class AuditLog {
  constructor(private readonly data: DataAccess<AuditRepositories>) {}

  /**
   * Records one admin write. Call it with the transaction that made the change, so the change and
   * its record commit or roll back together.
   */
  async record(
    tx: Executor,
    actor: AdminActor,
    action: string,
    entity: string,
    entityId: string | null,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    await this.data.within(tx).audit.insert({
      adminId: actor.id,
      action,
      entity,
      entityId,
      before: snapshot(before),
      after: snapshot(after),
    });
  }

  /**
   * Runs an admin write in a transaction and records it there: the one way admin services change
   * data. `work` returns what changed (before and after) along with its result.
   */
  write<T>(
    actor: AdminActor,
    what: { action: string; entity: string },
    work: (tx: Executor) => Promise<AuditedChange<T>>,
  ): Promise<T> {
    return this.data.transaction(async (_repos, tx) => {
      const change = await work(tx);
      await this.record(
        tx,
        actor,
        what.action,
        what.entity,
        change.entityId,
        change.before,
        change.after,
      );
      return change.result;
    });
  }
}
