import { brand } from '@exhale/contract/brand';
import { isLanguageCode, type LanguageCode } from '@exhale/contract/languages';
import bn from './bn.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };
import mr from './mr.json' with { type: 'json' };
import ta from './ta.json' with { type: 'json' };
import te from './te.json' with { type: 'json' };

/**
 * The API's own words in every language (decision 065): the mails, SMS and WhatsApp texts it
 * writes. English is the source; `texts.test.ts` fails when any language lacks a key, has a blank
 * text or changes a `{placeholder}`. Product terms ("Exhale", "GST", plan names) and the
 * quitline number stay as they are in every language.
 */
export type TextKey = keyof typeof en;

export const TEXT_CATALOGUES: Record<LanguageCode, Record<string, string>> = {
  en,
  hi,
  mr,
  ta,
  te,
  bn,
};

export type TextValues = Record<string, string | number>;

/**
 * The text of `key` in `language`, with `{name}` placeholders filled in; `{brand}` and `{email}`
 * (the support address) are always available. A key a language lacks falls back to English, so a
 * half-written catalogue can never send a blank mail (the test keeps that from shipping).
 */
export function text(language: LanguageCode, key: TextKey, values: TextValues = {}): string {
  const template = TEXT_CATALOGUES[language][key] ?? en[key];
  const all: TextValues = { brand: brand.name, email: brand.support.email, ...values };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in all ? String(all[name]) : whole,
  );
}

/** A bound `text` for one recipient. */
export function textsFor(language: LanguageCode) {
  return (key: TextKey, values?: TextValues) => text(language, key, values);
}

/**
 * The language a request carries where there is no account to ask (a sign-up): the first of the
 * `Accept-Language` header's languages that Exhale speaks, by order of preference, else English.
 * The web sends its UI language in that header on every call (decision 065).
 */
export function requestLanguage(acceptLanguage: string | string[] | undefined): LanguageCode {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { code: tag.trim().toLowerCase().split('-')[0] ?? '', weight, index };
    })
    .filter((entry) => entry.code !== '' && Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const found = ranked.find((entry) => isLanguageCode(entry.code));
  return found && isLanguageCode(found.code) ? found.code : 'en';
}

/** A stored language, or English for anything else (an old row, a value from elsewhere). */
export function languageOf(value: string | null | undefined): LanguageCode {
  return value && isLanguageCode(value) ? value : 'en';
}
