import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import { LegalContact } from '../components/legal-contact';
import { useLegalFacts } from '../legal-facts';

/** /terms-and-conditions: 24 numbered sections (spec §1). */
export function TermsPage() {
  const { t } = useTranslation('legal');
  const facts = useLegalFacts();
  const sections = t('terms.sections', { returnObjects: true, ...facts });

  return (
    <LegalDocument
      metaTitle={t('meta.termsTitle')}
      metaDescription={t('terms.metaDescription')}
      title={t('terms.title')}
      updated={t('updated', facts)}
      intro={t('terms.intro', facts)}
      sections={Object.values(sections)}
    >
      <LegalContact />
    </LegalDocument>
  );
}
