import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageLoader } from '../../../components/ui/loader';
import { useLiveSessions } from '../api';
import { useNow } from '../components/countdown';
import { LiveSessionCard } from '../components/live-session-card';
import { useLiveSessionRegistration } from '../use-live-session-registration';

/** /live-session (spec §2 "Live Session page"). */
export function LiveSessionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <title>{t('meta.liveSessionTitle')}</title>
      <Button
        variant="ghost"
        className="-ml-3 text-brand-800"
        onClick={() => {
          // Back in history when the app has some, else to the dashboard.
          const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
          if (idx > 0) void navigate(-1);
          else void navigate('/dashboard');
        }}
      >
        <ArrowLeftIcon className="size-5" />
        {t('liveSessions.back')}
      </Button>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{t('liveSessions.title')}</h1>
      <LiveSessionList />
    </section>
  );
}

function LiveSessionList() {
  const { t } = useTranslation();
  const sessions = useLiveSessions();
  const registration = useLiveSessionRegistration();
  const now = useNow(1000);

  useEffect(() => {
    // Spec §8: a failed session fetch is only logged; the page reads as empty.
    if (sessions.error) console.error('Error fetching live sessions', sessions.error);
  }, [sessions.error]);

  if (sessions.isPending) return <PageLoader />;
  const list = sessions.data ?? [];
  if (list.length === 0) {
    return (
      <p className="py-16 text-center text-lg font-semibold text-ink">{t('liveSessions.empty')}</p>
    );
  }
  return (
    <ul className="mt-6 flex flex-col gap-6">
      {list.map((session) => (
        <li key={session._id}>
          <LiveSessionCard
            session={session}
            now={now}
            busy={registration.busyId === session._id}
            disabled={registration.busyId !== null}
            onRegister={() => void registration.start(session)}
          />
        </li>
      ))}
    </ul>
  );
}
