import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIM_MAX_SCORE, simScoreBand } from '@exhale/contract/sim-scale';
import { Button, buttonClasses } from '../../../components/ui/button';

/**
 * The server's score for the visitor's landing test, kept on this device until sign-up. Part of
 * the landing chunk, not the form's: a returning visitor sees it without loading the form.
 */
export function SimulationResult({
  points,
  focusOnMount,
  onRetake,
}: {
  points: number;
  focusOnMount: boolean;
  onRetake: () => void;
}) {
  const { t } = useTranslation('landing');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Bands are shared words (the 'translation' namespace, the landing namespace's fallback).
  const band = simScoreBand(points);

  // After submitting, the form is gone: move focus to what replaced it so keyboard and screen
  // reader users land on their result instead of at the top of the page.
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  return (
    <div className="rounded-2xl border border-brand-100 bg-brand-50 p-6 text-center sm:p-8">
      <h3 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-brand-900 outline-none">
        {t('simulation.result.title')}
      </h3>
      <p className="mt-4 text-ink" data-testid="landing-sim-score">
        <span className="text-5xl font-extrabold text-brand-900 tabular-nums">{points}</span>{' '}
        <span className="text-lg">{t('simulation.result.outOf', { max: SIM_MAX_SCORE })}</span>
      </p>
      <p className="mt-2 text-lg font-bold text-brand-900" data-testid="landing-sim-band">
        {t(`simBands.${band}.label`)}
      </p>
      <p className="mx-auto mt-1 max-w-prose text-ink">{t(`simBands.${band}.text`)}</p>
      <p className="mx-auto mt-4 max-w-prose text-ink-muted">
        {t('simulation.result.meaning', { max: SIM_MAX_SCORE })}
      </p>
      <p className="mx-auto mt-3 max-w-prose font-medium text-ink">
        {t('simulation.result.saved')}
      </p>
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Link to="/signup" className={buttonClasses({ size: 'lg' })}>
          {t('simulation.result.signUp')}
        </Link>
        <Button variant="secondary" onClick={onRetake}>
          {t('simulation.result.retake')}
        </Button>
      </div>
    </div>
  );
}
