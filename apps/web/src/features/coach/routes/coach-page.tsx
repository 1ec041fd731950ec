import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import { useOnline } from '../../../lib/use-online';
import { useConversation, useQueuedCoachMessages } from '../api';
import { CoachThread } from '../components/coach-thread';
import { ComposeBox } from '../components/compose-box';
import { newestNewReply, threadEntries } from '../thread';

/**
 * Says a reply that arrived while the page was open, once, in a polite live region: the thread
 * itself is not live (a screen reader would read every message again on each refresh).
 */
function useReplyAnnouncement(messages: Parameters<typeof newestNewReply>[1] | undefined) {
  const { t } = useTranslation('coach');
  const seen = useRef<Set<string> | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!messages) return;
    const reply = newestNewReply(seen.current, messages);
    seen.current = new Set(messages.map((message) => message._id));
    if (!reply) return;
    setAnnouncement(
      reply.from === 'coach'
        ? t('thread.newReply', { name: reply.coach_name ?? t('thread.coach'), text: reply.text })
        : t('thread.newNote', { text: reply.text }),
    );
  }, [messages, t]);
  return announcement;
}

/** /coach: the member's one conversation with the coaches, and the box to write to them. */
export function CoachPage() {
  const { t } = useTranslation('coach');
  const online = useOnline();
  const conversation = useConversation();
  const queued = useQueuedCoachMessages();
  const messages = conversation.data?.messages;
  const entries = useMemo(
    () => threadEntries(messages ?? [], queued.data ?? []),
    [messages, queued.data],
  );
  const announcement = useReplyAnnouncement(messages);

  return (
    <>
      <PageMeta title={t('page.metaTitle')} description={t('page.metaDescription')} />
      <section className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-8 sm:py-10">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold text-brand-900">{t('page.title')}</h1>
          <p className="text-lg text-ink">{t('page.lead')}</p>
          <p className="text-sm text-ink-muted">{t('page.hours')}</p>
          <p className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-900">
            {t('page.crisis')}
          </p>
        </header>

        {!online ? (
          <p className="rounded-xl bg-slate-100 p-3 text-sm text-ink">{t('page.offline')}</p>
        ) : null}
        {conversation.data?.status === 'closed' ? (
          <p className="text-sm text-ink-muted">{t('page.closed')}</p>
        ) : null}

        {conversation.isPending && !conversation.isPaused ? (
          <p role="status" className="text-ink-muted">
            {t('page.loading')}
          </p>
        ) : conversation.isError && !messages ? (
          <p role="alert" className="font-medium text-red-700">
            {t('page.loadFailed')}
          </p>
        ) : (
          <CoachThread entries={entries} />
        )}
        <div role="status" aria-live="polite" className="sr-only">
          {announcement}
        </div>

        <ComposeBox />
      </section>
    </>
  );
}
