import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={clsx('size-8 motion-safe:animate-spin text-brand-700', className)}
      aria-hidden="true"
      focusable="false"
    >
      <circle
        cx="12"
        cy="12"
        r="10"
        stroke="currentColor"
        strokeWidth="3"
        fill="none"
        opacity="0.25"
      />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Shown while a lazy page's code loads on first visit. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50dvh] flex-col items-center justify-center gap-3">
      <Spinner />
      <span className="text-ink-muted">{label ?? t('common.loading')}</span>
    </div>
  );
}

/** A thin bar at the top of the viewport while the next page's code or data loads. */
export function NavigationProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 bg-brand-700 motion-safe:animate-progress" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
