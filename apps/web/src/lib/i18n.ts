import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type adminEn from '../locales/admin/en.json';
import type coachEn from '../locales/coach/en.json';
import type companionEn from '../locales/companion/en.json';
import type helpCenterEn from '../locales/help-center/en.json';
import type landingEn from '../locales/landing/en.json';
import type legalEn from '../locales/legal/en.json';
import type marketingEn from '../locales/marketing/en.json';
import { intlLocale, LANGUAGES, type LanguageCode } from '@exhale/contract/languages';
import type en from '../locales/translation/en.json';
import shellTexts from './shell-texts';
import * as storage from './storage';

/** Every language the switcher offers (the contract's list); each loads only when chosen. */
export const supportedLanguages = LANGUAGES;
export type Language = LanguageCode;

/**
 * The catalogues, one namespace per folder of src/locales (`<namespace>/<language>.json`).
 * 'translation' holds what the shell and most pages say; the long texts of a few pages (the
 * landing page, the legal pages, the marketing pages, the help center, the quit companion, the
 * coach thread) and the operators' console
 * ('admin') have namespaces of their own, loaded with their route, so no other page downloads them.
 */
export type CatalogueNamespace =
  | 'translation'
  | 'landing'
  | 'legal'
  | 'marketing'
  | 'help-center'
  | 'admin'
  | 'companion'
  | 'coach';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // A page's namespace comes first; the shared texts (meta titles, buttons) are found here.
    fallbackNS: 'translation';
    resources: {
      translation: typeof en;
      landing: typeof landingEn;
      legal: typeof legalEn;
      marketing: typeof marketingEn;
      'help-center': typeof helpCenterEn;
      admin: typeof adminEn;
      companion: typeof companionEn;
      coach: typeof coachEn;
    };
  }
}

export function isLanguage(code: string): code is Language {
  return (supportedLanguages as readonly string[]).includes(code);
}

// English 'translation' ships in the entry chunk: every first render needs it. Every other
// catalogue is a chunk of its own, fetched when a page needs its namespace in the reader's
// language, so each language or page added later does not grow what every visitor downloads.
const catalogues = import.meta.glob<ResourceKey>(
  // The operators' console bundles its English itself (features/admin/admin-i18n.ts).
  ['../locales/*/*.json', '!../locales/translation/en.json', '!../locales/admin/en.json'],
  { import: 'default' },
);

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogues[`../locales/${namespace}/${language}.json`];
    if (!load) {
      callback(new Error(`No catalogue ${namespace}/${language}`), false);
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return lng && isLanguage(lng) ? lng : 'en';
}

/** The Intl locale of the current language, for dates and numbers ('hi-IN', 'ta-IN'). */
export function currentLocale(): string {
  return intlLocale(currentLanguage());
}

/**
 * Loads catalogue namespaces in the current language (and English, the fallback). A page's route
 * awaits this next to its chunk, so the page renders with its texts; a language switch later
 * loads every namespace loaded so far in the new language before the page re-renders.
 */
export async function loadNamespaces(...namespaces: CatalogueNamespace[]): Promise<void> {
  await i18n.loadNamespaces(namespaces);
  const missing = namespaces.filter((ns) => !i18n.hasResourceBundle('en', ns));
  // Like a chunk that failed to load: the route's error screen offers a reload.
  if (missing.length > 0) throw new Error(`Could not load the ${missing.join(', ')} texts`);
}

/**
 * Switches the UI language, remembers it under 'language' and in the `lang` cookie (the server
 * sends the public pages' HTML in that language, decision 062), and updates <html lang>.
 */
export async function setLanguage(lng: Language): Promise<void> {
  // Every namespace loaded so far, in the new language, before anything switches.
  await i18n.loadLanguages(lng);
  if (!i18n.hasResourceBundle(lng, 'translation')) {
    throw new Error(`Could not load the ${lng} texts`);
  }
  await i18n.changeLanguage(lng);
  setHtmlLang(lng);
  storage.setLanguage(lng);
  setLanguageCookie(lng);
}

/** A year, site-wide; the server reads it only to pick a page's language. */
function setLanguageCookie(lng: string): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `lang=${lng}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

let allTexts: Promise<ResourceKey> | undefined;

/**
 * Starts fetching the whole English 'translation' catalogue. The entry carries only the part the
 * shell and the landing page need (vite.config.ts, translationShell; decision 063).
 */
export function prefetchAllTexts(): Promise<ResourceKey> {
  allTexts ??= import('../locales/translation/en.json').then((module) => module.default);
  return allTexts;
}

let allTextsAdded = false;

/** Adds the rest of the English catalogue; every page but the landing page awaits it. */
export async function loadAllTexts(): Promise<void> {
  const texts = await prefetchAllTexts();
  if (allTextsAdded) return;
  i18n.addResourceBundle('en', 'translation', texts, true, false);
  allTextsAdded = true;
}

/** <html lang>; the server render (entry-server.tsx) has no document and sets it in its HTML. */
function setHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** Resolves once the stored language (default en) is ready, so the first paint is not English. */
export async function initI18n(): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(catalogueBackend)
      .use(initReactI18next)
      .init({
        resources: { en: { translation: shellTexts } },
        // The bundled English is one namespace of many; the backend loads the rest.
        partialBundledLanguages: true,
        ns: ['translation'],
        defaultNS: 'translation',
        fallbackNS: 'translation',
        lng: 'en',
        fallbackLng: 'en',
        supportedLngs: [...supportedLanguages],
        interpolation: { escapeValue: false },
        returnNull: false,
      });
  }
  const stored = storage.getLanguage();
  try {
    await setLanguage(isLanguage(stored) ? stored : 'en');
  } catch (error) {
    // A catalogue chunk that fails to load must not keep the app from starting.
    console.error('Could not load language', stored, error);
    setHtmlLang('en');
  }
  return i18n;
}

export { i18n };
