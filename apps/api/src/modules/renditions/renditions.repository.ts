import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  videoRenditions,
  type RenditionRecord,
  type VideoRenditionRow,
} from '../../db/schema/renditions';

export class RenditionsRepository {
  constructor(private readonly db: Executor) {}

  async find(sourceKey: string): Promise<VideoRenditionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoRenditions)
      .where(eq(videoRenditions.sourceKey, sourceKey))
      .limit(1);
    return row;
  }

  /** The finished renditions of these videos, by source key. */
  async doneFor(sourceKeys: string[]): Promise<Map<string, VideoRenditionRow>> {
    if (sourceKeys.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(videoRenditions)
      .where(inArray(videoRenditions.sourceKey, sourceKeys));
    return new Map(rows.filter((r) => r.status === 'done').map((r) => [r.sourceKey, r]));
  }

  /**
   * Asks for the renditions of a video, due now: a new job, or a fresh start for one that failed
   * or was asked before. A job being made right now is left alone.
   */
  async request(sourceKey: string, now: Date): Promise<void> {
    await this.db
      .insert(videoRenditions)
      .values({ sourceKey, status: 'pending', nextAttemptAt: now })
      .onConflictDoUpdate({
        target: videoRenditions.sourceKey,
        set: {
          status: 'pending',
          progress: 0,
          attempts: 0,
          lastError: null,
          nextAttemptAt: now,
          updatedAt: now,
        },
        setWhere: sql`${videoRenditions.status} <> 'running'`,
      });
  }

  /** Renditions made elsewhere (the demo seed ships its own); an existing row wins. */
  async insertDone(sourceKey: string, renditions: RenditionRecord[], audioKey: string | null) {
    await this.db
      .insert(videoRenditions)
      .values({ sourceKey, status: 'done', progress: 100, renditions, audioKey })
      .onConflictDoNothing();
  }

  /**
   * Takes the oldest due job, a pending one or a running one whose worker stopped renewing its
   * lease (it died): counts the attempt and leases it until `leaseUntil`. SKIP LOCKED lets
   * workers in several processes take different jobs.
   */
  async claim(now: Date, leaseUntil: Date): Promise<VideoRenditionRow | undefined> {
    const claimed = await this.db.execute<{ source_key: string }>(sql`
      WITH due AS MATERIALIZED (
        SELECT ${videoRenditions.sourceKey} AS source_key FROM ${videoRenditions}
        WHERE ${videoRenditions.status} IN ('pending', 'running')
          AND ${videoRenditions.nextAttemptAt} <= ${now}
        ORDER BY ${videoRenditions.nextAttemptAt}
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${videoRenditions}
      SET status = 'running', progress = 0, attempts = ${videoRenditions.attempts} + 1,
          next_attempt_at = ${leaseUntil}, updated_at = ${now}
      FROM due
      WHERE ${videoRenditions.sourceKey} = due.source_key
      RETURNING ${videoRenditions.sourceKey} AS source_key
    `);
    const key = claimed.rows[0]?.source_key;
    return key === undefined ? undefined : this.find(key);
  }

  /** Progress of a running job; renews its lease. */
  async progress(sourceKey: string, progress: number, leaseUntil: Date): Promise<void> {
    await this.db
      .update(videoRenditions)
      .set({ progress, nextAttemptAt: leaseUntil })
      .where(
        sql`${videoRenditions.sourceKey} = ${sourceKey} AND ${videoRenditions.status} = 'running'`,
      );
  }

  async finish(
    sourceKey: string,
    result: { renditions: RenditionRecord[]; audioKey: string | null },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(videoRenditions)
      .set({
        status: 'done',
        progress: 100,
        renditions: result.renditions,
        audioKey: result.audioKey,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(videoRenditions.sourceKey, sourceKey));
  }

  /** After a failed attempt: pending again at `retryAt`, or failed for good without one. */
  async failed(sourceKey: string, error: string, retryAt: Date | null, now: Date): Promise<void> {
    await this.db
      .update(videoRenditions)
      .set({
        status: retryAt ? 'pending' : 'failed',
        progress: 0,
        lastError: error,
        nextAttemptAt: retryAt ?? now,
        updatedAt: now,
      })
      .where(eq(videoRenditions.sourceKey, sourceKey));
  }
}
