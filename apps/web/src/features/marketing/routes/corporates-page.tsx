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
import { WorkplaceIllustration } from '../components/illustrations';

const whyKeys = ['breaks', 'health', 'benefit'] as const;
const offerKeys = ['test', 'lessons', 'workshops', 'reports'] as const;
const stepKeys = ['talk', 'launch', 'support', 'review'] as const;

/** /corporates: the programme for employers (spec §2 "Content pages"). */
export function CorporatesPage() {
  const { t } = useTranslation('marketing');

  return (
    <>
      <PageMeta title={t('meta.corporatesTitle')} description={t('corporates.metaDescription')} />
      <MarketingHero
        eyebrow={t('corporates.hero.eyebrow')}
        title={t('corporates.hero.title')}
        lead={t('corporates.hero.lead')}
        illustration={<WorkplaceIllustration />}
      >
        <ContactButtons place="hero" />
      </MarketingHero>

      <MarketingSection id="why" title={t('corporates.why.title')} lead={t('corporates.why.lead')}>
        <CardGrid cards={cardsOf(t('corporates.why.items', { returnObjects: true }), whyKeys)} />
      </MarketingSection>

      <MarketingSection
        id="offer"
        tone="tinted"
        title={t('corporates.offer.title')}
        lead={t('corporates.offer.lead')}
      >
        <CardGrid
          columns={2}
          cards={cardsOf(t('corporates.offer.items', { returnObjects: true }), offerKeys)}
        />
      </MarketingSection>

      <MarketingSection
        id="how-it-works"
        title={t('corporates.how.title')}
        lead={t('corporates.how.lead')}
      >
        <CardGrid
          numbered
          columns={4}
          cards={cardsOf(t('corporates.how.steps', { returnObjects: true }), stepKeys)}
        />
      </MarketingSection>

      <ClosingBand title={t('corporates.closing.title')} text={t('corporates.closing.text')}>
        <ContactButtons place="closing" />
      </ClosingBand>
    </>
  );
}
