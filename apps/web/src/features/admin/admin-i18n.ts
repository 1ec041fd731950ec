import { i18n } from '../../lib/i18n';
import en from '../../locales/admin/en.json';

// The console's texts live in their own namespace and catalogues: English bundled with the
// console's chunk, other languages fetched by the catalogue backend (lib/i18n.ts), never with
// the user pages.
export const ADMIN_NS = 'admin';

/**
 * Before the console's first render: its texts in the current language. Once loaded, the
 * namespace is reloaded in the new language by every language switch (lib/i18n.ts).
 */
export async function loadAdminCatalogues(): Promise<void> {
  if (!i18n.hasResourceBundle('en', ADMIN_NS)) {
    i18n.addResourceBundle('en', ADMIN_NS, en, true, true);
  }
  // A catalogue that fails to load leaves the console in English, not broken.
  await i18n.loadNamespaces(ADMIN_NS);
}
