import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type adminEn from '../locales/admin/en.json';
import en from '../locales/en.json';
import * as storage from './storage';

export const supportedLanguages = ['en', 'hi'] as const;
export type Language = (typeof supportedLanguages)[number];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // 'admin' is the operators' console; its catalogues load with the console's own chunk
    // (features/admin/admin-i18n.ts), so no user page downloads them.
    resources: { translation: typeof en; admin: typeof adminEn };
  }
}

export function isLanguage(code: string): code is Language {
  return (supportedLanguages as readonly string[]).includes(code);
}

// English ships in the entry chunk as the fallback; other catalogues load on demand so each
// language added later does not grow what every visitor downloads.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  hi: () => import('../locales/hi.json'),
};

async function ensureLoaded(lng: Language): Promise<void> {
  if (lng === 'en' || i18n.hasResourceBundle(lng, 'translation')) return;
  const catalogue = await loaders[lng]();
  i18n.addResourceBundle(lng, 'translation', catalogue.default, true, true);
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return lng && isLanguage(lng) ? lng : 'en';
}

/** Switches the UI language, remembers it under 'language' and updates <html lang>. */
export async function setLanguage(lng: Language): Promise<void> {
  await ensureLoaded(lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
  storage.setLanguage(lng);
}

/** Resolves once the stored language (default en) is ready, so the first paint is not English. */
export async function initI18n(): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
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
    document.documentElement.lang = 'en';
  }
  return i18n;
}

export { i18n };
