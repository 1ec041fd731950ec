import { useTranslation } from 'react-i18next';
import { paiseToRupees } from '@exhale/contract/money';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon, ClockIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/loader';
import { SafeHtml } from '../../../components/ui/safe-html';
import { currentLocale } from '../../../lib/i18n';
import type { LiveSession } from '../api';
import { Countdown } from './countdown';

/** The session's start in India time, in the reader's language. */
function formatSessionStart(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

/** Tags arrive as one comma string ('Cravings,Q&A,Live'); shown comma-separated (spec §2). */
function formatTags(tags: string): string {
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .join(', ');
}

export function LiveSessionCard({
  session,
  now,
  busy,
  disabled,
  onRegister,
}: {
  session: LiveSession;
  now: Date;
  busy: boolean;
  disabled: boolean;
  onRegister: () => void;
}) {
  const { t } = useTranslation();
  const headingId = `live-session-${session._id}`;
  const started = new Date(session.session_date).getTime() <= now.getTime();
  const tags = formatTags(session.tags);

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:flex-row"
    >
      {session.thumbnail_image ? (
        <img
          src={session.thumbnail_image}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover md:w-80 md:self-start"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="text-xl font-bold text-brand-900">
            {session.title}
          </h2>
          {session.registered ? (
            <p className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">
              <CheckCircleIcon className="size-4" />
              {t('liveSessions.registered')}
            </p>
          ) : null}
        </div>
        <p className="inline-flex items-center gap-2 text-ink-muted">
          <ClockIcon className="size-5" />
          <time dateTime={session.session_date}>{formatSessionStart(session.session_date)}</time>
        </p>
        <SafeHtml html={session.description} className="text-ink" />
        <dl className="flex flex-col gap-1">
          <div className="flex flex-wrap gap-1">
            <dt className="font-semibold">{t('liveSessions.host')}</dt>
            <dd>{session.host}</dd>
          </div>
          {tags ? (
            <div className="flex flex-wrap gap-1">
              <dt className="font-semibold">{t('liveSessions.tags')}</dt>
              <dd>{tags}</dd>
            </div>
          ) : null}
        </dl>
        {session.included_in_plan ? (
          <div data-testid="live-session-price">
            <p className="text-lg font-bold text-leaf-700">{t('liveSessions.included')}</p>
            <p className="text-sm text-ink-muted">{t('liveSessions.includedNote')}</p>
          </div>
        ) : (
          <p className="text-lg font-bold text-ink" data-testid="live-session-price">
            {t('liveSessions.price', { amount: paiseToRupees(session.amount_paise) })}
          </p>
        )}
        <Countdown target={session.session_date} now={now} />
        <div>
          {session.registered ? (
            // Registered already: the button says so and cannot be pressed again.
            <Button disabled aria-describedby={headingId}>
              <CheckCircleIcon className="size-5" />
              {t('liveSessions.registeredButton')}
            </Button>
          ) : (
            <Button
              disabled={busy || disabled || started}
              onClick={onRegister}
              // Every card has a REGISTER button; the title says which session it is for.
              aria-describedby={started ? `${headingId} ${headingId}-closed` : headingId}
            >
              {busy ? <Spinner className="size-5 text-white" /> : null}
              {t('liveSessions.register')}
            </Button>
          )}
          {started && !session.registered ? (
            <p id={`${headingId}-closed`} className="mt-2 text-sm text-ink-muted">
              {t('liveSessions.started')}
            </p>
          ) : null}
        </div>
      </div>
    </article>
  );
}
