import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';

const linkClass =
  'inline-flex min-h-11 items-center font-semibold break-all text-brand-800 underline underline-offset-2';

/** The ways to reach us, as links, after the last section of a legal page. */
export function LegalContact() {
  const { t } = useTranslation('legal');
  const { support } = brand;
  return (
    <div className="mt-12 rounded-2xl border border-brand-100 bg-brand-50 p-6">
      <p className="text-lg font-semibold text-ink">{t('questions')}</p>
      <ul className="mt-2 flex flex-col gap-x-8 sm:flex-row">
        <li>
          <a href={`mailto:${support.email}`} className={linkClass}>
            {support.email}
          </a>
        </li>
        <li>
          <a href={support.phoneHref} className={linkClass}>
            {support.phone}
          </a>
        </li>
      </ul>
    </div>
  );
}
