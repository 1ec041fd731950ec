import { useTranslation } from 'react-i18next';
import { SupportContactLinks } from '../../../components/ui/support-contact-links';

const linkClass =
  'inline-flex min-h-11 items-center font-semibold break-all text-brand-800 underline underline-offset-2';

/** The ways to reach us, as links, after the last section of a legal page. */
export function LegalContact() {
  const { t } = useTranslation('legal');
  return (
    <div className="mt-12 rounded-2xl border border-brand-100 bg-brand-50 p-6">
      <p className="text-lg font-semibold text-ink">{t('questions')}</p>
      <SupportContactLinks
        listClassName="mt-2 flex flex-col gap-x-8 sm:flex-row"
        linkClassName={linkClass}
      />
    </div>
  );
}
