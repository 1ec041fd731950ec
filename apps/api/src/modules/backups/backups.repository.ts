import { and, desc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { backupAlerts, backupRuns, type BackupRunRow } from '../../db/schema/backups';
import { users } from '../../db/schema/users';

export class BackupsRepository {
  constructor(private readonly db: Executor) {}

  async record(values: typeof backupRuns.$inferInsert): Promise<BackupRunRow> {
    const [row] = await this.db.insert(backupRuns).values(values).returning();
    return row!;
  }

  async latestOk(): Promise<BackupRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.status, 'ok'))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1);
    return row;
  }

  async latest(): Promise<BackupRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(backupRuns)
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1);
    return row;
  }

  /** Whether a scheduled run already started at or after `slot` (another process took it). */
  async scheduledRunSince(slot: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: backupRuns.id })
      .from(backupRuns)
      .where(and(eq(backupRuns.trigger, 'schedule'), gte(backupRuns.startedAt, slot)))
      .limit(1);
    return rows.length > 0;
  }

  failedSince(since: Date): Promise<BackupRunRow[]> {
    return this.db
      .select()
      .from(backupRuns)
      .where(and(eq(backupRuns.status, 'failed'), gte(backupRuns.finishedAt, since)))
      .orderBy(desc(backupRuns.finishedAt));
  }

  /** True the first time `key` is claimed: an alert goes out once, whatever the process. */
  async claimAlert(key: string): Promise<boolean> {
    const rows = await this.db
      .insert(backupAlerts)
      .values({ key })
      .onConflictDoNothing()
      .returning({ key: backupAlerts.key });
    return rows.length > 0;
  }

  admins() {
    return this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.role, 'admin'));
  }
}
