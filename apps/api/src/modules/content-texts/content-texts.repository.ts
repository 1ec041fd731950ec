import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contentTexts, type ContentTextRow } from '../../db/schema/content-texts';

export type ContentTextKey = Pick<ContentTextRow, 'entity' | 'entityId' | 'field' | 'language'>;

export class ContentTextsRepository {
  constructor(private readonly db: Executor) {}

  /** Every language's text of the given rows of one entity. */
  forEntities(entity: string, ids: readonly string[]): Promise<ContentTextRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(contentTexts)
      .where(and(eq(contentTexts.entity, entity), inArray(contentTexts.entityId, [...ids])));
  }

  /** Operators' texts written for any of these English texts (by hash), newest first. */
  forSources(hashes: readonly string[]): Promise<ContentTextRow[]> {
    if (hashes.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(contentTexts)
      .where(inArray(contentTexts.sourceHash, [...hashes]))
      .orderBy(desc(contentTexts.updatedAt));
  }

  /** The newest operator text for this English text in a language. */
  async findBySource(sourceHash: string, language: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ text: contentTexts.text })
      .from(contentTexts)
      .where(and(eq(contentTexts.sourceHash, sourceHash), eq(contentTexts.language, language)))
      .orderBy(desc(contentTexts.updatedAt))
      .limit(1);
    return row?.text;
  }

  async find(key: ContentTextKey): Promise<ContentTextRow | undefined> {
    const [row] = await this.db.select().from(contentTexts).where(this.matches(key)).limit(1);
    return row;
  }

  async upsert(values: typeof contentTexts.$inferInsert): Promise<ContentTextRow> {
    const [row] = await this.db
      .insert(contentTexts)
      .values(values)
      .onConflictDoUpdate({
        target: [
          contentTexts.entity,
          contentTexts.entityId,
          contentTexts.field,
          contentTexts.language,
        ],
        set: {
          text: values.text,
          sourceHash: values.sourceHash,
          updatedAt: new Date(),
          updatedBy: values.updatedBy ?? null,
        },
      })
      .returning();
    return row!;
  }

  /** Inserts the rows that are not there yet (in chunks: the seed sends thousands). */
  async insertMissing(rows: (typeof contentTexts.$inferInsert)[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 500) {
      await this.db
        .insert(contentTexts)
        .values(rows.slice(start, start + 500))
        .onConflictDoNothing();
    }
  }

  async remove(key: ContentTextKey): Promise<void> {
    await this.db.delete(contentTexts).where(this.matches(key));
  }

  private matches(key: ContentTextKey) {
    return and(
      eq(contentTexts.entity, key.entity),
      eq(contentTexts.entityId, key.entityId),
      eq(contentTexts.field, key.field),
      eq(contentTexts.language, key.language),
    );
  }
}
