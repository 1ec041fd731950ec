import type { Database, Executor } from '../../db/client';
import { AuditRepository } from './audit.repository';

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

/**
 * Records one admin write. Call it with the transaction that made the change, so the change and
 * its record commit or roll back together: there is never a change without its record.
 */
export async function withAudit(
  tx: Executor,
  actor: AdminActor,
  action: string,
  entity: string,
  entityId: string | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await new AuditRepository(tx).insert({
    adminId: actor.id,
    action,
    entity,
    entityId,
    before: snapshot(before),
    after: snapshot(after),
  });
}

export interface AuditedChange<T> {
  entityId: string | null;
  before: unknown;
  after: unknown;
  result: T;
}

/**
 * Runs an admin write in a transaction and records it there: the one way admin services change
 * data. `work` returns what changed (before and after) along with its result.
 */
export async function auditedWrite<T>(
  db: Database,
  actor: AdminActor,
  what: { action: string; entity: string },
  work: (tx: Executor) => Promise<AuditedChange<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const change = await work(tx);
    await withAudit(
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
