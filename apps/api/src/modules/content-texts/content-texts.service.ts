import { createHash } from 'node:crypto';
import type {
  ContentTextCell,
  ContentTextItem,
  ContentTextUpdate,
  TranslatableEntity,
} from '@exhale/contract/content-texts';
import {
  TRANSLATED_LANGUAGES,
  type LanguageCode,
  type TranslatedLanguage,
} from '@exhale/contract/languages';
import type { Database, Executor } from '../../db/client';
import type { ContentTextRow } from '../../db/schema/content-texts';
import { badRequest, notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import type { ContentTextsRepository } from './content-texts.repository';
import { SOURCES, type SourceItem } from './content-texts.sources';

/** The key an operator's text is found by: the English it translates, trimmed. */
export const sourceHashOf = (english: string): string =>
  createHash('sha256').update(english.trim()).digest('hex');

/**
 * One row's field as a reader of `language` sees it, for texts the API writes itself (a bell
 * notice, a mail): the operator's text for that row while the English it was written for is
 * unchanged, else one written for the same English elsewhere (as POST /translate answers), else
 * the English. The machine translation service is not asked (callers are inside transactions).
 */
export async function writtenField(
  repository: Pick<ContentTextsRepository, 'find' | 'findBySource'>,
  key: { entity: TranslatableEntity; entityId: string; field: string; english: string },
  language: LanguageCode,
): Promise<string> {
  if (language === 'en' || key.english.trim() === '') return key.english;
  const hash = sourceHashOf(key.english);
  const own = await repository.find({
    entity: key.entity,
    entityId: key.entityId,
    field: key.field,
    language,
  });
  if (own && own.sourceHash === hash) return own.text;
  return (await repository.findBySource(hash, language)) ?? key.english;
}

/**
 * A plan's name in a text written in `language` for its buyer (a bell notice, a mail): as an
 * operator wrote it for that language, else English. Tax documents keep the English name.
 */
export function writtenPlanName(
  repository: Pick<ContentTextsRepository, 'find' | 'findBySource'>,
  plan: { id: string; name: string },
  language: LanguageCode,
): Promise<string> {
  return writtenField(
    repository,
    { entity: 'plans', entityId: plan.id, field: 'name', english: plan.name },
    language,
  );
}

/**
 * Operators' texts for database content in each language (decision 064). The console lists each
 * entity's fields with a text per language and saves them; POST /translate answers with them.
 */
/** The operators' texts (content-texts.module.ts builds them). */
export interface ContentTextsRepositories {
  contentTexts: Pick<
    ContentTextsRepository,
    'forEntities' | 'forSources' | 'findBySource' | 'insertMissing' | 'find' | 'remove' | 'upsert'
  >;
}

export class ContentTextsService {
  constructor(
    private readonly deps: {
      /** The pool the translatable rows' English is read from (content-texts.sources.ts). */
      db: Database;
      data: DataAccess<ContentTextsRepositories>;
      audit: AuditLog;
    },
  ) {}

  private get db(): Database {
    return this.deps.db;
  }

  async list(
    entity: TranslatableEntity,
    page: number,
    pageSize: number,
  ): Promise<{ items: ContentTextItem[]; total: number }> {
    const source = SOURCES[entity];
    const [total, items] = await Promise.all([
      source.count(this.db),
      source.page(this.db, (page - 1) * pageSize, pageSize),
    ]);
    const repository = this.deps.data.repos.contentTexts;
    const own = await repository.forEntities(
      entity,
      items.map((item) => item.id),
    );
    const hashes = [...new Set(items.flatMap((i) => i.fields.map((f) => sourceHashOf(f.english))))];
    const shared = await repository.forSources(hashes);
    return { items: items.map((item) => toItem(entity, item, own, shared)), total };
  }

  /** An operator's text for this English in a language, if one is written (POST /translate). */
  writtenFor(english: string, language: string): Promise<string | undefined> {
    return this.deps.data.repos.contentTexts.findBySource(sourceHashOf(english), language);
  }

  /**
   * Seeds operators' texts from dictionaries (English → text, per language): every field of every
   * translatable row whose English a dictionary knows gets that text, unless one is written.
   */
  async seed(dictionaries: Partial<Record<TranslatedLanguage, Record<string, string>>>) {
    const repository = this.deps.data.repos.contentTexts;
    for (const entity of Object.keys(SOURCES) as TranslatableEntity[]) {
      const source = SOURCES[entity];
      const items = await source.page(this.db, 0, await source.count(this.db));
      const rows = items.flatMap((item) =>
        item.fields.flatMap(({ field, english }) =>
          TRANSLATED_LANGUAGES.flatMap((language) => {
            const text = dictionaries[language]?.[english.trim()];
            return text === undefined
              ? []
              : [
                  {
                    entity,
                    entityId: item.id,
                    field,
                    language,
                    text,
                    sourceHash: sourceHashOf(english),
                  },
                ];
          }),
        ),
      );
      await repository.insertMissing(rows);
    }
  }

  async save(actor: AdminActor, update: ContentTextUpdate): Promise<ContentTextCell> {
    const item = isUuid(update.entity_id)
      ? await SOURCES[update.entity].one(this.db, update.entity_id)
      : undefined;
    if (!item) throw notFound('That row no longer exists.');
    const field = item.fields.find((f) => f.field === update.field);
    if (!field) throw badRequest('BAD_REQUEST', 'That field has no English text to translate.');
    const key = {
      entity: update.entity,
      entityId: item.id,
      field: field.field,
      language: update.language,
    };
    return this.deps.audit.write<ContentTextCell>(
      actor,
      { action: update.text === '' ? 'delete' : 'update', entity: 'content_texts' },
      async (tx: Executor) => {
        const repository = this.deps.data.within(tx).contentTexts;
        const before = await repository.find(key);
        if (update.text === '') {
          await repository.remove(key);
          const fallback = await repository.findBySource(
            sourceHashOf(field.english),
            update.language,
          );
          return {
            entityId: item.id,
            before,
            after: null,
            result: { text: fallback ?? '', source: fallback === undefined ? 'none' : 'shared' },
          };
        }
        const after = await repository.upsert({
          ...key,
          text: update.text,
          sourceHash: sourceHashOf(field.english),
          updatedBy: actor.id,
        });
        return { entityId: item.id, before, after, result: { text: after.text, source: 'own' } };
      },
    );
  }
}

function toItem(
  entity: TranslatableEntity,
  item: SourceItem,
  own: readonly ContentTextRow[],
  shared: readonly ContentTextRow[],
): ContentTextItem {
  return {
    entity,
    entity_id: item.id,
    label: item.label,
    fields: item.fields.map(({ field, english }) => {
      const hash = sourceHashOf(english);
      const texts = {} as Record<TranslatedLanguage, ContentTextCell>;
      for (const language of TRANSLATED_LANGUAGES) {
        const mine = own.find(
          (row) => row.entityId === item.id && row.field === field && row.language === language,
        );
        // `shared` is newest first, as POST /translate picks.
        const other = shared.find((row) => row.sourceHash === hash && row.language === language);
        texts[language] =
          mine && mine.sourceHash === hash
            ? { text: mine.text, source: 'own' }
            : other
              ? { text: other.text, source: 'shared' }
              : mine
                ? { text: mine.text, source: 'stale' }
                : { text: '', source: 'none' };
      }
      return { field, english, texts };
    }),
  };
}
