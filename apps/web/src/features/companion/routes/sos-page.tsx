import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth-store';
import { PageMeta } from '../../../lib/head';
import { useReasons, type LoggedCraving } from '../api';
import { BreathingExercise } from '../components/breathing-exercise';
import { DelayTimer } from '../components/delay-timer';
import { CoachLink } from '../components/coach-link';
import { QuitlineLink } from '../components/quitline';
import { SlipMessage } from '../components/slip-message';

// The log form (react-hook-form and the contract's schema) loads only for members: a visitor in
// the middle of a craving gets the breathing and the quitline without it.
const CravingForm = lazy(() =>
  import('../components/craving-form').then((m) => ({ default: m.CravingForm })),
);

const DISTRACTIONS = ['water', 'saunf', 'walk'] as const;

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The member's own reasons, when signed in with a plan that has some; without a network, the copy
 * this device kept from the last visit (decision 055).
 */
function MyReasons() {
  const { t } = useTranslation('companion');
  const reasons = useReasons();
  if (reasons.length === 0) return null;
  return (
    <Card title={t('sos.reasonsTitle')}>
      <ul className="flex flex-col gap-2">
        {reasons.map((reason) => (
          <li
            key={reason}
            className="rounded-xl bg-brand-50 px-4 py-3 text-lg font-medium text-brand-900"
          >
            {reason}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * /sos (public; decision 034): what helps in the minutes a craving lasts — breathing, waiting it
 * out, the member's own reasons, quick distractions, the quitline — and logging it afterwards.
 */
export function SosPage() {
  const { t } = useTranslation('companion');
  const user = useCurrentUser();
  const [slipped, setSlipped] = useState(false);
  const [resisted, setResisted] = useState(false);
  // Counts the entries saved, so each one brings its words into view (the form sits below them).
  const [saved, setSaved] = useState(0);
  const feedback = useRef<HTMLDivElement>(null);

  const onLogged = ({ outcome }: LoggedCraving) => {
    setSlipped(outcome === 'slipped');
    setResisted(outcome === 'resisted');
    setSaved((count) => count + 1);
  };

  useEffect(() => {
    const node = feedback.current;
    if (saved === 0 || !node) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    node.focus({ preventScroll: true });
    node.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [saved]);

  return (
    <>
      <PageMeta title={t('sos.metaTitle')} description={t('sos.metaDescription')} />
      <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold text-brand-900">{t('sos.title')}</h1>
          <p className="text-lg text-ink">{t('sos.lead')}</p>
        </header>

        <BreathingExercise />
        {user ? <MyReasons /> : null}
        <DelayTimer />

        <Card title={t('sos.distractionsTitle')}>
          <ul className="grid gap-3 sm:grid-cols-3">
            {DISTRACTIONS.map((key) => (
              <li key={key} className="rounded-xl bg-slate-50 p-4">
                <p className="font-semibold text-ink">{t(`sos.distractions.${key}.title`)}</p>
                <p className="mt-1 text-sm text-ink-muted">{t(`sos.distractions.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </Card>

        <Card title={t('quitline.title')}>
          <QuitlineLink />
        </Card>

        <CoachLink />

        <Card title={t('log.title')}>
          {user ? (
            <>
              <p className="text-ink-muted">{t('log.lead')}</p>
              {slipped || resisted ? (
                <div
                  ref={feedback}
                  tabIndex={-1}
                  data-testid="log-feedback"
                  className="scroll-mt-24 rounded-2xl outline-offset-4"
                >
                  {slipped ? <SlipMessage headingLevel={3} /> : null}
                  {resisted ? (
                    <p
                      role="status"
                      className="rounded-xl bg-brand-50 p-4 font-semibold text-brand-900"
                    >
                      {t('log.resistedPraise')}
                    </p>
                  ) : null}
                </div>
              ) : null}
              <Suspense fallback={<div className="h-40" />}>
                <CravingForm onLogged={onLogged} />
              </Suspense>
            </>
          ) : (
            <>
              <p className="text-ink-muted">{t('log.visitor')}</p>
              <Link to="/login" className={buttonClasses({ className: 'self-start' })}>
                {t('log.signIn')}
              </Link>
            </>
          )}
        </Card>
      </section>
    </>
  );
}
