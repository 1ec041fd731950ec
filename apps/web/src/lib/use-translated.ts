import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATE_BATCH_MAX_TEXTS, TRANSLATE_TEXT_MAX_LENGTH } from '@exhale/contract/limits';
import { api, unwrap } from './api';

type Translations = ReadonlyMap<string, string>;

const NONE: Translations = new Map();

/** A screen's translations; `incomplete` when a text's request failed and it shows as it is. */
interface ScreenTranslations {
  texts: Translations;
  incomplete: boolean;
}

/**
 * How soon a screen asks again for the texts whose request failed (a rate-limited batch, a lost
 * connection), so they do not stay in English until the reader opens the screen again.
 */
export const TRANSLATE_RETRY_MS = 30_000;

/** Query keys: one per screen (its language and texts), one per text underneath. */
export const translatedKeys = {
  screen: (language: string, texts: readonly string[]) => ['translate', language, texts] as const,
  text: (language: string, text: string) => ['translate', language, 'text', text] as const,
};

/**
 * Collects the texts one screen fetch is missing and asks for them together: one
 * POST /api/translate/batch per 50 texts, sent once the texts asked for in the same tick are in.
 * Each text's promise settles with its own answer, or rejects when its request fails.
 */
function batcher(target: string) {
  interface Asked {
    text: string;
    resolve: (translated: string) => void;
    reject: (error: unknown) => void;
  }
  let pending: Asked[] = [];

  async function send(chunk: Asked[]) {
    try {
      const texts = chunk.map((item) => item.text);
      const { data } = unwrap(await api.POST('/api/translate/batch', { body: { texts, target } }));
      chunk.forEach((item, index) => {
        // The API answers the original text when it cannot do better; '' only for blank text.
        const translated = data.texts[index];
        item.resolve(translated === undefined || translated.trim() === '' ? item.text : translated);
      });
    } catch (error) {
      console.error('Could not translate', error);
      for (const item of chunk) item.reject(error);
    }
  }

  function flush() {
    const all = pending;
    pending = [];
    for (let start = 0; start < all.length; start += TRANSLATE_BATCH_MAX_TEXTS) {
      void send(all.slice(start, start + TRANSLATE_BATCH_MAX_TEXTS));
    }
  }

  return (text: string) =>
    new Promise<string>((resolve, reject) => {
      if (pending.length === 0) setTimeout(flush, 0);
      pending.push({ text, resolve, reject });
    });
}

/**
 * Every text of a screen at once. Each text is cached on its own for the session, so a screen
 * whose list grows (a new notification) only asks for the new text; the texts not yet cached go
 * out together in one batch request, and a text whose request fails stays in English and is asked
 * for again the next time the screen is fetched.
 */
async function translateAll(
  client: QueryClient,
  texts: readonly string[],
  target: string,
): Promise<ScreenTranslations> {
  const ask = batcher(target);
  let incomplete = false;
  const pairs = await Promise.all(
    texts.map(async (text) => {
      try {
        const translated = await client.fetchQuery({
          queryKey: translatedKeys.text(target, text),
          // Not called for a text already translated, nor for one another screen is fetching.
          queryFn: () => ask(text),
          staleTime: Infinity,
          gcTime: Infinity,
          retry: false,
        });
        return [text, translated] as const;
      } catch {
        // Logged where the request failed; the text stays as it is until the screen asks again.
        incomplete = true;
        return [text, text] as const;
      }
    }),
  );
  return { texts: new Map(pairs), incomplete };
}

/**
 * Text that comes from the database (notification titles, setting names) in the reader's
 * language, through the API's POST /translate/batch (decision 024). English readers cost nothing.
 * For everyone else the screen's texts are fetched together, in one request, and until they
 * arrive, or when the translation fails, the original text is shown: translation never holds a
 * screen back. Texts whose request failed are asked for again every TRANSLATE_RETRY_MS while the
 * screen is open.
 *
 * Returns `translate(text)`, which answers the translation when there is one, else the text.
 */
export function useTranslated(texts: readonly string[]): (text: string) => string {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const english = language === 'en';

  // One key per set of texts, whatever their order or repeats; blank and over-long texts stay.
  const wanted = useMemo(
    () =>
      [...new Set(texts)]
        .filter((text) => text.trim() !== '' && text.length <= TRANSLATE_TEXT_MAX_LENGTH)
        .sort(),
    [texts],
  );

  const { data } = useQuery({
    queryKey: translatedKeys.screen(language, wanted),
    queryFn: () => translateAll(client, wanted, language),
    enabled: !english && wanted.length > 0,
    staleTime: 60_000,
    // Only the texts that failed are sent again: the others are cached one by one.
    refetchInterval: (query) => (query.state.data?.incomplete ? TRANSLATE_RETRY_MS : false),
    // A screen whose texts change keeps showing what was already translated meanwhile.
    placeholderData: keepPreviousData,
  });

  const translations = english ? NONE : (data?.texts ?? NONE);
  return useCallback((text: string) => translations.get(text) ?? text, [translations]);
}

/**
 * A list of SIM statements or exercise questions in the reader's language: each question and its
 * options, as operators translated them in the console (decision 064).
 */
export function useTranslatedQuestions(
  questions: readonly { question: string; options: readonly { value: string }[] }[],
): (text: string) => string {
  const texts = useMemo(
    () => questions.flatMap((q) => [q.question, ...q.options.map((option) => option.value)]),
    [questions],
  );
  return useTranslated(texts);
}
