import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';

/** Breathing rings: a calm, text-free visual that costs no image download. */
function BreathIllustration() {
  return (
    <svg viewBox="0 0 320 320" className="h-auto w-full max-w-sm" aria-hidden="true">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#ccfbf1" />
          <stop offset="100%" stopColor="#f0fdfa" />
        </radialGradient>
      </defs>
      <circle cx="160" cy="160" r="156" fill="url(#hero-glow)" />
      <circle cx="160" cy="160" r="118" fill="none" stroke="#5eead4" strokeWidth="2" />
      <circle cx="160" cy="160" r="82" fill="none" stroke="#14b8a6" strokeWidth="2" />
      <circle cx="160" cy="160" r="48" fill="#0f766e" />
      <path
        d="M72 146c22 0 32-22 56-22s34 16 56 16 32-12 64-12"
        stroke="#99f6e4"
        strokeWidth="7"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M72 186c26 0 36-26 64-26s36 20 60 20 28-12 52-12"
        stroke="#ffffff"
        strokeWidth="7"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Hero() {
  const { t } = useTranslation('landing');
  const points = [t('hero.points.free'), t('hero.points.phone'), t('hero.points.languages')];

  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-brand-50 to-white px-4 pt-10 pb-14 sm:pt-16"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="font-semibold tracking-wide text-brand-800">{t('hero.eyebrow')}</p>
          <h1
            id="hero-title"
            className="mt-3 text-3xl leading-tight font-extrabold text-ink sm:text-5xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-prose text-lg text-ink-muted">{t('hero.lead')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {/* The test is on this page: a visitor can try it before creating an account. */}
            <Link to={{ hash: '#simulation-test' }} className={buttonClasses({ size: 'lg' })}>
              {t('hero.primaryCta')}
            </Link>
            <Link
              to={{ hash: '#method' }}
              className={buttonClasses({ size: 'lg', variant: 'secondary' })}
            >
              {t('hero.secondaryCta')}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-ink">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckIcon className="size-5 text-leaf-700" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex justify-center">
          <BreathIllustration />
        </div>
      </div>
    </section>
  );
}
