import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import {
  CardGrid,
  cardsOf,
  ClosingBand,
  ContactButtons,
  MarketingHero,
  MarketingSection,
} from '../components/marketing-blocks';
import { SchoolIllustration } from '../components/illustrations';

const offerKeys = ['classroom', 'teachers', 'staff', 'parents'] as const;
const stepKeys = ['talk', 'plan', 'deliver', 'followUp'] as const;

/** /schools: sessions for schools and colleges (spec §2 "Content pages"). */
export function SchoolsPage() {
  const { t } = useTranslation('marketing');

  return (
    <>
      <PageMeta title={t('meta.schoolsTitle')} description={t('schools.metaDescription')} />
      <MarketingHero
        eyebrow={t('schools.hero.eyebrow')}
        title={t('schools.hero.title')}
        lead={t('schools.hero.lead')}
        illustration={<SchoolIllustration />}
      >
        <ContactButtons place="hero" />
      </MarketingHero>

      <MarketingSection id="why" title={t('schools.why.title')}>
        <div className="mt-4 grid max-w-prose gap-4 text-lg text-ink-muted">
          <p>{t('schools.why.p1')}</p>
          <p>{t('schools.why.p2')}</p>
        </div>
      </MarketingSection>

      <MarketingSection
        id="offer"
        tone="tinted"
        title={t('schools.offer.title')}
        lead={t('schools.offer.lead')}
      >
        <CardGrid
          columns={2}
          cards={cardsOf(t('schools.offer.items', { returnObjects: true }), offerKeys)}
        />
      </MarketingSection>

      <MarketingSection id="how-it-works" title={t('schools.how.title')}>
        <CardGrid
          numbered
          columns={4}
          cards={cardsOf(t('schools.how.steps', { returnObjects: true }), stepKeys)}
        />
      </MarketingSection>

      <MarketingSection id="age" tone="tinted" title={t('schools.age.title')}>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">{t('schools.age.text')}</p>
      </MarketingSection>

      <ClosingBand title={t('schools.closing.title')} text={t('schools.closing.text')}>
        <ContactButtons place="closing" />
      </ClosingBand>
    </>
  );
}
