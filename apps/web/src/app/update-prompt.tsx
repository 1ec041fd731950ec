import { useTranslation } from 'react-i18next';
import { dismissUpdate } from './pwa';

/**
 * 'A new version is ready — Reload': shown when the service worker has a new version waiting
 * (app-tree.tsx loads it only then; the service worker has cached it with the rest of the app).
 */
export function UpdatePrompt({ reload }: { reload: () => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="flex-1">{t('pwa.newVersion')}</p>
      <button
        type="button"
        className="rounded-md px-3 py-1.5 font-medium text-slate-200 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white"
        onClick={dismissUpdate}
      >
        {t('pwa.later')}
      </button>
      <button
        type="button"
        className="rounded-md bg-teal-400 px-3 py-1.5 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-white"
        onClick={() => void reload()}
      >
        {t('pwa.reload')}
      </button>
    </div>
  );
}
