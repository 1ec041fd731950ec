import en from '../locales/translation/en.json';

/**
 * The English 'translation' texts in the entry chunk. In builds this module is replaced by the
 * sections the shell and the landing page say (vite.config.ts, translationShell; decision 063);
 * the unit tests, which run without that plugin, get the whole catalogue.
 */
const shellTexts: Partial<typeof en> = en;
export default shellTexts;
