import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { useAuth } from '../../../lib/auth-store';
import { earlyTapTarget, takeEarlyTap } from '../../../lib/early-input';
import { useAlignOnJump } from '../use-align-on-jump';
import { useInView } from '../use-in-view';
import { useStoredSimPoints } from '../use-stored-sim-points';
import { LoadingQuestions } from './loading-questions';
import { SignedInNote } from './signed-in-note';
import { SimulationResult } from './simulation-result';

const loadSimulationTest = () => import('./simulation-test');

// The form and its questions are a chunk of their own: most visitors read the page without taking
// the test, and they should not pay for the form.
const SimulationTest = lazy(() =>
  loadSimulationTest().then((module) => ({ default: module.SimulationTest })),
);

export const SIMULATION_TEST_ID = 'simulation-test';

const factKeys = ['time', 'account', 'result'] as const;

/**
 * The landing page's own SIM test (spec §2 "simulation test"), answered before sign-up.
 *
 * Until the visitor presses Start (or opens the page at #simulation-test), the section is a card
 * of fixed height: the form must not grow the page under a visitor who is scrolling past it, or
 * jumping to the testimonials below. Approaching the section only prefetches the form's code and
 * the statements, so Start is instant. A stored result is shown instead of the card.
 */
export function SimulationTestSection() {
  const { t } = useTranslation('landing');
  const { hash, key } = useLocation();
  const { isAuth } = useAuth();
  const queryClient = useQueryClient();
  const anchorRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opensHere = hash === `#${SIMULATION_TEST_ID}`;
  // The hero's button (and a shared link) jump here: the heading and the first question must end
  // up below the header however the sections above settle.
  useAlignOnJump(headingRef, opensHere ? key : null);
  // Closed in the first render even at #simulation-test: the address's hash never reaches the
  // server, so the page's HTML has the closed card, and the app must take that HTML over as it is
  // (a first render that differs breaks hydration, React error #418). The effect below opens it.
  const [started, setStarted] = useState(false);
  // Focus follows the visitor's own action (Start, retake, submit), never a page load.
  const [focus, setFocus] = useState<'form' | 'result' | null>(null);
  const [points, savePoints] = useStoredSimPoints();
  const near = useInView(anchorRef, { rootMargin: '0px 0px 600px 0px', initial: opensHere });

  // The hero's link and the help center's link open the test in place.
  useEffect(() => {
    if (opensHere) setStarted(true);
  }, [opensHere]);

  useEffect(() => {
    if (!near || isAuth || points !== null) return;
    void loadSimulationTest();
    // Imported here, not at the top: the API client is not needed for the page's first render.
    void import('../landing-questions').then(({ landingQuestionsQuery }) =>
      queryClient.prefetchQuery(landingQuestionsQuery),
    );
  }, [near, isAuth, points, queryClient]);

  const start = () => {
    setFocus('form');
    setStarted(true);
  };
  // A tap on the server-rendered page's Start before the app took it over.
  useEffect(() => {
    if (takeEarlyTap('simulation-start')) start();
  }, []);

  let content;
  if (isAuth) {
    content = <SignedInNote />;
  } else if (points !== null) {
    content = (
      <SimulationResult
        points={points}
        focusOnMount={focus === 'result'}
        onRetake={() => {
          savePoints(null);
          start();
        }}
      />
    );
  } else if (started) {
    content = (
      <Suspense fallback={<LoadingQuestions />}>
        <SimulationTest
          focusOnMount={focus === 'form'}
          onScored={(score) => {
            setFocus('result');
            savePoints(score);
          }}
        />
      </Suspense>
    );
  } else {
    content = (
      <div className="rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
        <ul className="grid gap-3 sm:grid-cols-3">
          {factKeys.map((key) => (
            <li key={key} className="flex gap-2 text-ink">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-leaf-700" />
              {t(`simulation.facts.${key}`)}
            </li>
          ))}
        </ul>
        <Button size="lg" className="mt-6" onClick={start} {...earlyTapTarget('simulation-start')}>
          {t('simulation.start')}
        </Button>
      </div>
    );
  }

  return (
    <section
      id={SIMULATION_TEST_ID}
      aria-labelledby="simulation-test-title"
      className="render-when-visible px-4 py-14"
    >
      <div className="mx-auto max-w-3xl">
        <h2
          id="simulation-test-title"
          ref={headingRef}
          className="text-2xl font-bold text-ink sm:text-3xl"
        >
          {t('simulation.title')}
        </h2>
        <p className="mt-3 text-lg text-ink-muted">{t('simulation.lead')}</p>
        <div ref={anchorRef} className="mt-8">
          {content}
        </div>
      </div>
    </section>
  );
}
