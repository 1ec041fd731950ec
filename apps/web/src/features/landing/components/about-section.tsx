import { useTranslation } from 'react-i18next';

const featureKeys = ['dashboard', 'live', 'support'] as const;

/** Target of the mobile menu's 'About Us'. */
export function AboutSection() {
  const { t } = useTranslation('landing');

  return (
    <section id="about" aria-labelledby="about-title" className="render-when-visible px-4 py-14">
      <div className="mx-auto max-w-6xl">
        <h2 id="about-title" className="text-2xl font-bold text-ink sm:text-3xl">
          {t('about.title')}
        </h2>
        <p className="mt-3 max-w-prose text-lg text-ink-muted">{t('about.lead')}</p>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {featureKeys.map((key) => (
            <li key={key} className="rounded-2xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold text-brand-900">
                {t(`about.features.${key}.title`)}
              </h3>
              <p className="mt-2 text-ink-muted">{t(`about.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
