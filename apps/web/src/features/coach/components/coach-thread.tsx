import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n';
import type { ThreadEntry } from '../thread';

/** '4 Dec, 14:05' on India's clock, in the reader's language. */
function formatMessageTime(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

function Sender({ entry }: { entry: ThreadEntry }) {
  const { t } = useTranslation('coach');
  if (entry.from === 'member') return <>{t('thread.you')}</>;
  if (entry.from === 'system') return <>{t('thread.system')}</>;
  return (
    <>{entry.coach_name ? t('thread.coachNamed', { name: entry.coach_name }) : t('thread.coach')}</>
  );
}

/**
 * The thread as an ordered list, oldest first: each message says who wrote it and when, in words a
 * screen reader reads out with it. The member's own messages sit on the right, replies on the
 * left, system notes across.
 */
export function CoachThread({ entries }: { entries: readonly ThreadEntry[] }) {
  const { t } = useTranslation('coach');
  if (entries.length === 0) {
    return <p className="rounded-2xl bg-slate-50 p-4 text-ink-muted">{t('thread.empty')}</p>;
  }
  return (
    <ol aria-label={t('thread.label')} className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={clsx(
            'flex flex-col gap-1 rounded-2xl p-3 sm:max-w-[85%]',
            entry.from === 'member' && 'self-end bg-brand-50 text-ink',
            entry.from === 'coach' && 'self-start border border-slate-200 bg-white text-ink',
            entry.from === 'system' && 'w-full border border-amber-200 bg-amber-50 text-ink',
          )}
        >
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-ink">
              <Sender entry={entry} />
            </span>
            <time dateTime={entry.created_at} className="text-ink-muted">
              {formatMessageTime(entry.created_at)}
            </time>
            {entry.waiting ? (
              <span className="rounded-full bg-slate-200 px-2 text-xs font-semibold text-ink">
                {t('thread.waiting')}
              </span>
            ) : null}
          </p>
          <p className="break-words whitespace-pre-line">{entry.text}</p>
        </li>
      ))}
    </ol>
  );
}
