import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts, showCountdown, type CountdownParts } from '@exhale/contract/formats';

/** The current time, updated every `intervalMs` (spec §9: the countdown ticks every second). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const units = ['days', 'hours', 'minutes', 'seconds'] as const satisfies (keyof CountdownParts)[];

/**
 * Days, hours, minutes and seconds until the session (spec §4), zero once it has passed; the
 * block shows only while all four are non-zero (contract `showCountdown`, taken literally). Not a
 * live region: announcing every second would drown a screen reader.
 */
export function Countdown({ target, now }: { target: string; now: Date }) {
  const { t } = useTranslation();
  const parts = countdownParts(target, now);
  if (!showCountdown(parts)) return null;
  return (
    <div role="timer" aria-label={t('liveSessions.countdown.label')} className="flex gap-2">
      {units.map((unit) => (
        <div
          key={unit}
          className="flex min-w-16 flex-col items-center rounded-lg bg-brand-50 px-2 py-1.5"
        >
          <span className="text-xl font-bold text-brand-900 tabular-nums" data-unit={unit}>
            {String(parts[unit]).padStart(2, '0')}
          </span>
          <span className="text-xs text-ink-muted">{t(`liveSessions.countdown.${unit}`)}</span>
        </div>
      ))}
    </div>
  );
}
