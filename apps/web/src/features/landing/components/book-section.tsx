import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';

/** A book cover drawn inline: no image request, and it scales crisply on any screen. */
function BookCover() {
  return (
    <svg
      viewBox="0 0 200 260"
      width="200"
      height="260"
      className="h-auto w-40 drop-shadow-xl sm:w-52"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="14" y="6" width="180" height="248" rx="10" fill="#042f2e" />
      <rect x="6" y="6" width="180" height="248" rx="10" fill="#0f766e" />
      <rect x="6" y="6" width="18" height="248" rx="6" fill="#115e59" />
      <path
        d="M48 120c14 0 20-14 36-14s22 10 36 10 20-8 40-8"
        stroke="#99f6e4"
        strokeWidth="8"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M48 150c16 0 22-16 40-16s22 12 38 12 18-8 34-8"
        stroke="#ffffff"
        strokeWidth="8"
        fill="none"
        strokeLinecap="round"
      />
      <rect x="48" y="40" width="112" height="10" rx="5" fill="#ccfbf1" />
      <rect x="48" y="58" width="80" height="10" rx="5" fill="#ccfbf1" />
      <rect x="48" y="206" width="64" height="8" rx="4" fill="#5eead4" />
    </svg>
  );
}

const pointKeys = ['why', 'triggers', 'cravings', 'relapse'] as const;

export function BookSection() {
  const { t } = useTranslation('landing');

  return (
    <section
      id="about-the-book"
      aria-labelledby="book-title"
      className="render-when-visible bg-brand-50 px-4 py-14"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-[auto_1fr]">
        <div className="flex justify-center">
          <BookCover />
        </div>
        <div>
          <p className="font-semibold tracking-wide text-brand-800">{t('book.eyebrow')}</p>
          <h2 id="book-title" className="mt-2 text-2xl font-bold text-ink sm:text-3xl">
            {t('book.title')}
          </h2>
          <p className="mt-3 max-w-prose text-lg text-ink-muted">{t('book.lead')}</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {pointKeys.map((key) => (
              <li key={key} className="flex gap-3 text-ink">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-leaf-700" />
                {t(`book.points.${key}`)}
              </li>
            ))}
          </ul>
          <Link to="/signup" className={buttonClasses({ className: 'mt-8' })}>
            {t('book.cta')}
          </Link>
        </div>
      </div>
    </section>
  );
}
