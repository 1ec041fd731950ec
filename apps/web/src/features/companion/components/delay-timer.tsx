import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export const DELAY_SECONDS = 5 * 60;

/** 'm:ss' for a number of seconds. */
export function formatClock(seconds: number): string {
  const safe = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

/**
 * 'Wait five minutes': a craving peaks and passes in a few minutes. The time left is computed from
 * the end time, so a tab in the background still ends on time.
 */
export function DelayTimer() {
  const { t } = useTranslation('companion');
  const titleId = useId();
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const left = endsAt === null ? DELAY_SECONDS : Math.max(0, (endsAt - now) / 1000);
  const done = endsAt !== null && left <= 0;

  useEffect(() => {
    if (endsAt === null || done) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [endsAt, done]);

  const start = () => {
    const started = Date.now();
    setNow(started);
    setEndsAt(started + DELAY_SECONDS * 1000);
  };

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-xl font-bold text-ink">
        {t('delay.title')}
      </h2>
      <p className="text-ink-muted">{t('delay.body')}</p>
      <p
        role="timer"
        aria-label={t('delay.left', { time: formatClock(left) })}
        className="text-5xl font-bold text-brand-900 tabular-nums"
      >
        {formatClock(left)}
      </p>
      {/* Only the end is announced; a live count every second would drown the page. */}
      <p aria-live="polite" className="min-h-6 font-semibold text-ink">
        {done ? t('delay.done') : ''}
      </p>
      {endsAt === null || done ? (
        <Button onClick={start}>{done ? t('delay.again') : t('delay.start')}</Button>
      ) : (
        <Button variant="secondary" onClick={() => setEndsAt(null)}>
          {t('delay.reset')}
        </Button>
      )}
    </section>
  );
}
