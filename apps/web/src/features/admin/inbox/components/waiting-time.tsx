import { useTranslation } from 'react-i18next';
import { isOverdue, waitingSpan, type WaitingSpan } from '../waiting';

/** A span as the console words it: 'just now', '12 min', '3 h 12 min', '2 d 5 h'. */
export function useFormatSpan(): (span: WaitingSpan) => string {
  const { t } = useTranslation('admin');
  return (span) =>
    span.unit === 'justNow'
      ? t('inbox.waited.justNow')
      : span.unit === 'minutes'
        ? t('inbox.waited.minutes', { minutes: span.minutes })
        : span.unit === 'hours'
          ? t('inbox.waited.hours', { hours: span.hours, minutes: span.minutes })
          : t('inbox.waited.days', { days: span.days, hours: span.hours });
}

/** 'Waiting 3 h 12 min', red once past the promise (a day; an hour when urgent). */
export function WaitingTime({
  since,
  urgent,
  now,
}: {
  since: string | null;
  urgent: boolean;
  now: number;
}) {
  const { t } = useTranslation('admin');
  const format = useFormatSpan();
  if (since === null) return <span className="text-ink-muted">{t('inbox.answered')}</span>;
  return (
    <span className={isOverdue(since, urgent, now) ? 'font-semibold text-red-800' : 'text-ink'}>
      {t('inbox.waiting', { time: format(waitingSpan(since, now)) })}
    </span>
  );
}
