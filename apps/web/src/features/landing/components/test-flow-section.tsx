import { useTranslation } from 'react-i18next';

const stepKeys = ['answer', 'score', 'save', 'retake'] as const;

/** How the SIM test goes, from the first statement to the retake after the lessons. */
export function TestFlowSection() {
  const { t } = useTranslation('landing');

  return (
    <section
      id="test-flow"
      aria-labelledby="test-flow-title"
      className="render-when-visible px-4 py-14"
    >
      <div className="mx-auto max-w-6xl">
        <h2 id="test-flow-title" className="text-2xl font-bold text-ink sm:text-3xl">
          {t('testFlow.title')}
        </h2>
        <p className="mt-3 max-w-prose text-lg text-ink-muted">{t('testFlow.lead')}</p>
        <ol className="mt-8 grid gap-6 md:grid-cols-4">
          {stepKeys.map((key, index) => (
            <li
              key={key}
              className="relative border-l-4 border-brand-300 pl-5 md:border-t-4 md:border-l-0 md:pt-5 md:pl-0"
            >
              <p className="text-sm font-bold tracking-wide text-brand-800 uppercase">
                {t('testFlow.stepLabel', { number: index + 1 })}
              </p>
              <h3 className="mt-1 text-lg font-semibold text-ink">
                {t(`testFlow.steps.${key}.title`)}
              </h3>
              <p className="mt-2 text-ink-muted">{t(`testFlow.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
