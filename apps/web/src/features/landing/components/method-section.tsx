import { useTranslation } from 'react-i18next';

const stepKeys = ['test', 'videos', 'exercises', 'plan'] as const;

export function MethodSection() {
  const { t } = useTranslation('landing');

  return (
    <section
      id="method"
      aria-labelledby="method-title"
      className="render-when-visible bg-brand-50 px-4 py-14"
    >
      <div className="mx-auto max-w-6xl">
        <h2 id="method-title" className="text-2xl font-bold text-ink sm:text-3xl">
          {t('method.title')}
        </h2>
        <p className="mt-3 max-w-prose text-lg text-ink-muted">{t('method.lead')}</p>
        <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {stepKeys.map((key, index) => (
            <li key={key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
              <span
                className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">
                {t(`method.steps.${key}.title`)}
              </h3>
              <p className="mt-2 text-ink-muted">{t(`method.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
