import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import { LegalContact } from '../components/legal-contact';
import { useLegalFacts } from '../legal-facts';

/** /privacy-policy: 12 numbered sections (spec §1). */
export function PrivacyPage() {
  const { t } = useTranslation('legal');
  const facts = useLegalFacts();
  const sections = t('privacy.sections', { returnObjects: true, ...facts });

  return (
    <LegalDocument
      metaTitle={t('meta.privacyTitle')}
      metaDescription={t('privacy.metaDescription')}
      title={t('privacy.title')}
      updated={t('updated', facts)}
      intro={t('privacy.intro', facts)}
      sections={Object.values(sections)}
    >
      <LegalContact />
    </LegalDocument>
  );
}
