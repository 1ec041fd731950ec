/**
 * The languages Exhale speaks (issue 16 item 5; decisions 024 and 064). English is the source of
 * every text; each other language has its own UI catalogues and, for database text, its own
 * operator-written texts, with English (or the translation service) wherever one is missing.
 */
export const LANGUAGES = ['en', 'hi', 'mr', 'ta', 'te', 'bn'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

/** The languages database text is translated into (every language but the English source). */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter(
  (code): code is Exclude<LanguageCode, 'en'> => code !== 'en',
);
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** Each language named in its own script, so a reader finds theirs whatever the UI language. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  hi: 'हिन्दी',
  mr: 'मराठी',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  bn: 'বাংলা',
};

export function isLanguageCode(code: string): code is LanguageCode {
  return (LANGUAGES as readonly string[]).includes(code);
}

/**
 * The Intl locale for dates and numbers in a language as written in India, with the Latin digits
 * the rest of the page uses (Marathi and Bengali would otherwise get their own digits).
 */
export const intlLocale = (code: LanguageCode): string => `${code}-IN-u-nu-latn`;
