import { useEffect, useState } from 'react';
import { i18n } from '../../lib/i18n';
import en from '../../locales/admin/en.json';

// The console's texts live in their own namespace and catalogues, bundled with the console's
// chunk (English) or loaded on demand (other languages), never with the user pages.
export const ADMIN_NS = 'admin';

const loaders: Record<string, () => Promise<{ default: typeof en }>> = {
  hi: () => import('../../locales/admin/hi.json'),
};

async function ensureLoaded(language: string): Promise<void> {
  if (!i18n.hasResourceBundle('en', ADMIN_NS)) {
    i18n.addResourceBundle('en', ADMIN_NS, en, true, true);
  }
  const load = loaders[language];
  if (!load || i18n.hasResourceBundle(language, ADMIN_NS)) return;
  const catalogue = await load();
  i18n.addResourceBundle(language, ADMIN_NS, catalogue.default, true, true);
}

/** Before the console's first render: its texts in the current language. */
export function loadAdminCatalogues(): Promise<void> {
  return ensureLoaded(i18n.resolvedLanguage ?? i18n.language).catch((error: unknown) => {
    // A catalogue that fails to load leaves the console in English, not broken.
    console.error('Could not load the admin catalogue', error);
  });
}

/**
 * Re-renders the console once the catalogue of a newly chosen language has arrived (i18next
 * changes language before our namespace is there, and would show English until then).
 */
export function useAdminCatalogues(): void {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const onChange = (language: string) => {
      void ensureLoaded(language).then(() => setVersion((v) => v + 1));
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
}
