import { useTranslation } from 'react-i18next';
import { formatIstDateTime } from '../progress-format';

const pill = 'inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold';

/**
 * Said where the server could not be reached: what is shown is the last copy this device saw
 * (decision 055), from `savedAt` when known.
 */
export function OfflineBadge({ savedAt }: { savedAt?: string | undefined }) {
  const { t, i18n } = useTranslation('companion');
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
      <span className={`${pill} bg-slate-800 text-white`}>{t('offline.badge')}</span>
      {savedAt
        ? t('offline.lastKnown', { time: formatIstDateTime(savedAt, i18n.language) })
        : t('offline.noConnection')}
    </p>
  );
}

/** Marks a craving or check-in kept on this device until it has been sent. */
export function WaitingToSync() {
  const { t } = useTranslation('companion');
  return (
    <span className={`${pill} bg-amber-100 text-amber-900`} data-testid="waiting-to-sync">
      <span aria-hidden="true">⟳</span>
      {t('offline.waiting')}
    </span>
  );
}
