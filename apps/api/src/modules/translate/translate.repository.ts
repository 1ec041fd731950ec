import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { translations } from '../../db/schema/content';

export class TranslateRepository {
  constructor(private readonly db: Executor) {}

  async find(sourceHash: string, target: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ text: translations.translatedText })
      .from(translations)
      .where(and(eq(translations.sourceHash, sourceHash), eq(translations.target, target)));
    return row?.text;
  }

  async save(values: {
    sourceHash: string;
    target: string;
    sourceText: string;
    translatedText: string;
  }): Promise<void> {
    await this.db.insert(translations).values(values).onConflictDoNothing();
  }
}
