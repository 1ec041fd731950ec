import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';

export function AboutTestSection() {
  const { t } = useTranslation('landing');
  const points = [
    t('aboutTest.points.honest'),
    t('aboutTest.points.score'),
    t('aboutTest.points.retake'),
  ];

  return (
    <section
      id="about-test"
      aria-labelledby="about-test-title"
      className="render-when-visible px-4 py-14"
    >
      <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="about-test-title" className="text-2xl font-bold text-ink sm:text-3xl">
            {t('aboutTest.title')}
          </h2>
          <p className="mt-4 text-lg text-ink-muted">{t('aboutTest.lead')}</p>
          <Link to={{ hash: '#simulation-test' }} className={buttonClasses({ className: 'mt-6' })}>
            {t('aboutTest.cta')}
          </Link>
        </div>
        <ul className="grid gap-4">
          {points.map((point) => (
            <li
              key={point}
              className="flex gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-5 text-ink"
            >
              <CheckIcon className="mt-0.5 size-6 shrink-0 text-leaf-700" />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
