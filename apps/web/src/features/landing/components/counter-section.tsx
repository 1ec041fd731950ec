import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../lib/use-media-query';
import { countUpValue } from '../count-up';
import { landingFigures } from '../landing-figures';
import { useInView } from '../use-in-view';

/**
 * Counts from 0 to `value` once `active`. Screen readers get only the final figure: an
 * announcement of every intermediate number would be noise. With reduced motion the figure is
 * simply there.
 */
function CountUp({
  value,
  active,
  format,
}: {
  value: number;
  active: boolean;
  format: (n: number) => string;
}) {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (!active || reduceMotion) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const next = countUpValue(value, now - start);
      setShown(next);
      if (next < value) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [active, reduceMotion, value]);

  return (
    <>
      <span aria-hidden="true">{format(reduceMotion ? value : shown)}</span>
      <span className="sr-only">{format(value)}</span>
    </>
  );
}

let indianGrouping: Intl.NumberFormat | undefined;
/** Indian digit grouping (1,25,000) with Latin digits, as in the rest of the app. */
const groupIndian = (n: number) => (indianGrouping ??= new Intl.NumberFormat('en-IN')).format(n);

export function CounterSection() {
  const { t } = useTranslation('landing');
  const listRef = useRef<HTMLUListElement>(null);
  const inView = useInView(listRef);
  const format = (n: number) => t('counter.value', { value: groupIndian(n) });

  return (
    <section
      id="counter"
      aria-labelledby="counter-title"
      className="render-when-visible bg-brand-900 px-4 py-14 text-white"
    >
      <div className="mx-auto max-w-6xl">
        <h2 id="counter-title" className="text-2xl font-bold sm:text-3xl">
          {t('counter.title')}
        </h2>
        <p className="mt-3 max-w-prose text-lg text-brand-100">{t('counter.lead')}</p>
        {/* One figure to a row on a phone: half of a 360 px screen is narrower than '1,25,000+' at
            this size, and than some labels' longest words. The largest size only where four
            cards in a row are wide enough for it. */}
        <ul ref={listRef} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {landingFigures.map((figure) => (
            <li
              key={figure.key}
              className="min-w-0 rounded-2xl bg-white/10 p-5 ring-1 ring-white/20"
            >
              <p className="text-3xl font-extrabold tabular-nums xl:text-4xl">
                <CountUp value={figure.value} active={inView} format={format} />
              </p>
              <p className="mt-2 text-brand-100">{t(`counter.items.${figure.key}`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
