import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { DataAccess } from '../../lib/data-access';
import type { Translator } from '../../providers/translation/translator';
import type { ContentTextsService } from '../content-texts/content-texts.service';
import bengali from './catalogue.bn.json' with { type: 'json' };
import hindi from './catalogue.hi.json' with { type: 'json' };
import marathi from './catalogue.mr.json' with { type: 'json' };
import tamil from './catalogue.ta.json' with { type: 'json' };
import telugu from './catalogue.te.json' with { type: 'json' };
import type { TranslateRepository } from './translate.repository';

/**
 * Known server texts in each shipped language; the server speaks English. Hindi has every server
 * message; the other languages have the notification settings' texts (the rest of what the API
 * writes comes in the reader's language already, decision 065).
 */
const CATALOGUES: Record<string, ReadonlyMap<string, string>> = {
  hi: new Map(Object.entries(hindi)),
  mr: new Map(Object.entries(marathi)),
  ta: new Map(Object.entries(tamil)),
  te: new Map(Object.entries(telugu)),
  bn: new Map(Object.entries(bengali)),
};
const KNOWN_ENGLISH: ReadonlySet<string> = new Set(
  Object.values(CATALOGUES).flatMap((catalogue) => [...catalogue.keys()]),
);

/** Texts of one batch translated at the same time (each may be a call to the service). */
const TRANSLATE_BATCH_CONCURRENCY = 4;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The repositories TranslateService uses, on the pool or a transaction (its module file builds them). */
export interface TranslateRepositories {
  translate: TranslateRepository;
}

/**
 * POST /translate (spec §7: responses pass through translation before display). Blank text is ''.
 * A server message the catalogue knows is answered from it, database text from the operators'
 * translations (decision 064); anything else is looked up among the translations already
 * fetched, else sent to the configured translation service once and remembered in the database.
 * When there is no service, or it fails, the original text comes back: a page in English beats an
 * error.
 */
export class TranslateService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<TranslateRepositories>;
      /** The operators' own texts, which come before any machine translation. */
      contentTexts: Pick<ContentTextsService, 'writtenFor'>;
      translator?: Translator;
      log: FastifyBaseLogger;
    },
  ) {}

  async translate(text: string, target: string): Promise<string> {
    if (text.trim() === '') return '';
    const language = target.toLowerCase();
    const source = text.trim();
    const known = CATALOGUES[language]?.get(source);
    if (known !== undefined) return known;
    if (language === 'en' && KNOWN_ENGLISH.has(source)) return source;
    // Database text an operator translated in the console (decision 064) beats any machine.
    const written = await this.deps.contentTexts.writtenFor(source, language);
    if (written !== undefined) return written;

    const repository = this.deps.data.repos.translate;
    const sourceHash = hashOf(text);
    const cached = await repository.find(sourceHash, language);
    if (cached !== undefined) return cached;
    if (!this.deps.translator) return text;
    try {
      const translated = await this.deps.translator.translate(text, language);
      await repository.save({
        sourceHash,
        target: language,
        sourceText: text,
        translatedText: translated,
      });
      return translated;
    } catch (error) {
      this.deps.log.warn(
        { err: error, target: language },
        'translation failed; answering the original text',
      );
      return text;
    }
  }

  /**
   * POST /translate/batch: each text answered as `translate` answers it, in the order given. A
   * text repeated in the batch is translated once, and at most TRANSLATE_BATCH_CONCURRENCY texts
   * are in flight at a time, so one batch cannot flood the translation service.
   */
  async translateMany(texts: readonly string[], target: string): Promise<string[]> {
    const distinct = [...new Set(texts)];
    const answers = new Map<string, string>();
    let next = 0;
    const worker = async () => {
      while (next < distinct.length) {
        const text = distinct[next]!;
        next += 1;
        answers.set(text, await this.translate(text, target));
      }
    };
    const workers = Math.min(TRANSLATE_BATCH_CONCURRENCY, distinct.length);
    await Promise.all(Array.from({ length: workers }, worker));
    return texts.map((text) => answers.get(text)!);
  }
}
