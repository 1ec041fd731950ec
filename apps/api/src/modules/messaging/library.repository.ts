import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TobaccoType } from '@exhale/contract/quit-plan';
import type { Executor } from '../../db/client';
import { programmeMessages, type ProgrammeMessageRow } from '../../db/schema/messaging';

export interface LibraryFilter {
  dayOffset?: number;
  language?: string;
  /** A tobacco type, or 'any' for the messages without one. */
  tobaccoType?: TobaccoType | 'any';
}

export interface LibraryValues {
  dayOffset: number;
  language: string;
  tobaccoType: TobaccoType | null;
  text: string;
}

/** The operators' message library: SQL only. */
export class LibraryRepository {
  constructor(private readonly db: Executor) {}

  list(filter: LibraryFilter = {}): Promise<ProgrammeMessageRow[]> {
    const conditions: SQL[] = [];
    if (filter.dayOffset !== undefined) {
      conditions.push(eq(programmeMessages.dayOffset, filter.dayOffset));
    }
    if (filter.language) conditions.push(eq(programmeMessages.language, filter.language));
    if (filter.tobaccoType === 'any') conditions.push(isNull(programmeMessages.tobaccoType));
    else if (filter.tobaccoType) {
      conditions.push(eq(programmeMessages.tobaccoType, filter.tobaccoType));
    }
    return this.db
      .select()
      .from(programmeMessages)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(
        asc(programmeMessages.dayOffset),
        asc(programmeMessages.language),
        sql`${programmeMessages.tobaccoType} NULLS FIRST`,
      );
  }

  async find(id: string, options: { forUpdate?: boolean } = {}) {
    const query = this.db.select().from(programmeMessages).where(eq(programmeMessages.id, id));
    const [row] = await (options.forUpdate ? query.for('update') : query);
    return row;
  }

  async insert(values: LibraryValues, now: Date): Promise<ProgrammeMessageRow> {
    const [row] = await this.db
      .insert(programmeMessages)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  async update(id: string, values: LibraryValues, now: Date): Promise<ProgrammeMessageRow> {
    const [row] = await this.db
      .update(programmeMessages)
      .set({ ...values, updatedAt: now })
      .where(eq(programmeMessages.id, id))
      .returning();
    return row!;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(programmeMessages).where(eq(programmeMessages.id, id));
  }

  /**
   * Writes the seeded library of each language the table holds no message in yet (a fresh
   * database gets all six; one seeded before a language shipped gets that language, decision
   * 065); a language with any message keeps whatever operators changed. Several processes
   * starting at once insert each message once.
   */
  async seedWhenEmpty(rows: LibraryValues[]): Promise<number> {
    const present = new Set(
      (
        await this.db
          .selectDistinct({ language: programmeMessages.language })
          .from(programmeMessages)
      ).map((row) => row.language),
    );
    const missing = rows.filter((row) => !present.has(row.language));
    if (missing.length === 0) return 0;
    const inserted = await this.db
      .insert(programmeMessages)
      .values(missing)
      .onConflictDoNothing()
      .returning({ id: programmeMessages.id });
    return inserted.length;
  }
}
