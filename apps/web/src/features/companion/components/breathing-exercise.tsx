import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Button } from '../../../components/ui/button';
import { RadioPills } from '../../../components/ui/radio-pills';
import {
  BREATHING_CYCLES,
  BREATHING_PATTERNS,
  breathingState,
  type BreathingPatternId,
} from '../breathing';

// Box first: it is the default (decision 033).
const PATTERN_IDS: BreathingPatternId[] = ['box', '478'];

/** The steps' names the circle shows before a counted session, in the order of the patterns. */
const GUIDE_STEPS = ['inhale', 'hold', 'exhale', 'rest'] as const;

/**
 * Guided breathing (decision 033): a circle that grows while breathing in and shrinks while
 * breathing out, with the seconds left in each step shown large and announced to screen readers.
 * With reduced motion the circle stays still; the count and the step's name still change.
 *
 * Before a counted session starts, the circle breathes the chosen rhythm with CSS alone
 * (`.breathing-guide` in index.css), the step's name inside it: the server-rendered /sos guides a
 * reader before any script has run (decision 084).
 */
export function BreathingExercise() {
  const { t } = useTranslation('companion');
  const labelId = useId();
  const [patternId, setPatternId] = useState<BreathingPatternId>('box');
  const [running, setRunning] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const pattern = BREATHING_PATTERNS[patternId];
  const state = breathingState(pattern, elapsed);
  const finished = state.phase === null;

  useEffect(() => {
    if (!running || finished) return;
    const timer = window.setInterval(() => setElapsed((seconds) => seconds + 1), 1000);
    return () => window.clearInterval(timer);
  }, [running, finished]);

  const start = () => {
    setElapsed(0);
    setRunning(true);
  };
  const stop = () => {
    setRunning(false);
    setElapsed(0);
  };

  const kind = state.phase?.kind;
  // Large while breathing in and holding a full breath; small while breathing out and resting.
  const full = running && (kind === 'inhale' || kind === 'hold');
  const duration = kind === 'inhale' || kind === 'exhale' ? (state.phase?.seconds ?? 1) : 0.3;

  return (
    <section
      aria-labelledby={`${labelId}-title`}
      className="breathing-guide flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-6"
    >
      <h2 id={`${labelId}-title`} className="text-xl font-bold text-ink">
        {t('breathing.title')}
      </h2>
      <p id={labelId} className="text-ink-muted">
        {t('breathing.choose')}
      </p>
      <RadioPills
        labelledBy={labelId}
        options={PATTERN_IDS.map((id) => ({ value: id, label: t(`breathing.patterns.${id}`) }))}
        value={patternId}
        onValueChange={(value) => {
          setPatternId(value as BreathingPatternId);
          stop();
        }}
        className="justify-center"
      />

      <div className="relative flex size-56 items-center justify-center" aria-hidden="true">
        <div
          data-testid="breathing-circle"
          className={clsx(
            'absolute inset-0 rounded-full bg-brand-100 ring-4 ring-brand-300',
            running
              ? [
                  'motion-safe:transition-transform motion-safe:ease-in-out',
                  full ? 'motion-safe:scale-100' : 'motion-safe:scale-50',
                ]
              : 'breathing-guide__circle',
          )}
          style={running ? { transitionDuration: `${duration}s` } : undefined}
        />
        {running ? (
          <span className="relative text-6xl font-bold text-brand-900 tabular-nums">
            {finished ? '' : state.count}
          </span>
        ) : (
          <span className="relative grid px-6 text-xl font-bold text-brand-900">
            {GUIDE_STEPS.map((step) => (
              <span
                key={step}
                data-testid="breathing-guide-step"
                className={`breathing-guide__step breathing-guide__step--${step}`}
              >
                {t(`breathing.kinds.${step}`)}
              </span>
            ))}
          </span>
        )}
      </div>

      {/* What is seen above, in words, for screen readers and everyone. */}
      <p aria-live="polite" aria-atomic="true" className="min-h-14 text-lg font-semibold text-ink">
        {!running
          ? t('breathing.ready')
          : finished
            ? t('breathing.done', { count: BREATHING_CYCLES })
            : t('breathing.step', {
                step: t(`breathing.kinds.${kind ?? 'inhale'}`),
                count: state.count,
              })}
      </p>
      <p className="text-sm text-ink-muted" data-testid="breathing-cycles">
        {t('breathing.cycles', { done: state.cyclesDone, total: BREATHING_CYCLES })}
      </p>

      {running && !finished ? (
        <Button variant="secondary" onClick={stop}>
          {t('breathing.stop')}
        </Button>
      ) : (
        <Button onClick={start}>{finished ? t('breathing.again') : t('breathing.start')}</Button>
      )}
    </section>
  );
}
