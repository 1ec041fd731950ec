import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { CoachMessage } from '@exhale/contract/coach';
import { formatIstDateTime } from '../../format';

/**
 * The conversation as the member sees it, oldest first, with who wrote each message, on which
 * channel and when. The member's messages sit left, the coaches' right, system notes across.
 */
export function ConsoleThread({
  messages,
  memberName,
}: {
  messages: readonly CoachMessage[];
  memberName: string;
}) {
  const { t } = useTranslation('admin');
  if (messages.length === 0) return <p className="text-ink-muted">{t('inbox.noMessages')}</p>;
  return (
    <ol aria-label={t('inbox.threadLabel')} className="flex flex-col gap-3">
      {messages.map((message) => (
        <li
          key={message._id}
          className={clsx(
            'flex flex-col gap-1 rounded-2xl p-3 sm:max-w-[85%]',
            message.from === 'member' && 'self-start border border-slate-200 bg-white',
            message.from === 'coach' && 'self-end bg-brand-50',
            message.from === 'system' && 'w-full bg-slate-100',
          )}
        >
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-ink">
              {message.from === 'member'
                ? memberName
                : message.from === 'coach'
                  ? (message.coach_name ?? t('inbox.coach'))
                  : t('inbox.system')}
            </span>
            <time dateTime={message.created_at} className="text-ink-muted">
              {formatIstDateTime(message.created_at)} IST
            </time>
            <span className="text-ink-muted">{t(`inbox.channels.${message.channel}`)}</span>
          </p>
          <p className="break-words whitespace-pre-line text-ink">{message.text}</p>
        </li>
      ))}
    </ol>
  );
}
