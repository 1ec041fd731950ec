import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import {
  CardGrid,
  cardsOf,
  CheckList,
  ClosingBand,
  CONTACT_PATH,
  CtaLink,
  CtaRow,
  lines,
  MarketingHero,
  MarketingSection,
} from '../components/marketing-blocks';
import { ClinicIllustration } from '../components/illustrations';

const offerKeys = ['workshops', 'recommendations', 'cessation', 'resources'] as const;
const whyOptKeys = ['time', 'evidence', 'continuity', 'language'] as const;
const featureKeys = ['assessment', 'tracking', 'lessons', 'live', 'reports', 'privacy'] as const;
const stepKeys = ['assessment', 'journey', 'tracking'] as const;
const benefitKeys = ['early', 'review', 'family', 'followUp'] as const;
const integrationKeys = ['medication', 'conditions', 'notes'] as const;
const chooseKeys = ['built', 'free', 'support', 'community'] as const;

/**
 * /doctors (spec §2): the programme for doctors and their patients. Every call to action leads to
 * the contact page; the spec lists the button texts but not where they go.
 */
export function DoctorsPage() {
  const { t } = useTranslation('marketing');
  const items = { returnObjects: true } as const;

  return (
    <>
      <PageMeta title={t('meta.doctorsTitle')} description={t('doctors.metaDescription')} />
      <MarketingHero
        eyebrow={t('doctors.hero.eyebrow')}
        title={t('doctors.hero.title')}
        lead={t('doctors.hero.lead')}
        illustration={<ClinicIllustration />}
      >
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t('doctors.buttons.reachOut')}</CtaLink>
          <CtaLink to={CONTACT_PATH} variant="secondary">
            {t('doctors.buttons.contactToday')}
          </CtaLink>
        </CtaRow>
      </MarketingHero>

      <MarketingSection id="offer" title={t('doctors.offer.title')} lead={t('doctors.offer.lead')}>
        <CardGrid columns={4} cards={cardsOf(t('doctors.offer.items', items), offerKeys)} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t('doctors.buttons.connect')}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection
        id="why-opt"
        tone="tinted"
        title={t('doctors.whyOpt.title')}
        lead={t('doctors.whyOpt.lead')}
      >
        <CardGrid columns={2} cards={cardsOf(t('doctors.whyOpt.items', items), whyOptKeys)} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t('doctors.buttons.workshop')}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection id="key-features" title={t('doctors.features.title')}>
        <CardGrid cards={cardsOf(t('doctors.features.items', items), featureKeys)} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH} variant="secondary">
            {t('doctors.buttons.learnMore')}
          </CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection
        id="how-it-works"
        tone="tinted"
        title={t('doctors.how.title')}
        lead={t('doctors.how.lead')}
      >
        <CardGrid numbered cards={cardsOf(t('doctors.how.items', items), stepKeys)} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t('doctors.buttons.contactNow')}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection
        id="maximising-benefits"
        title={t('doctors.benefits.title')}
        lead={t('doctors.benefits.lead')}
      >
        <CheckList items={lines(t('doctors.benefits.items', items), benefitKeys)} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t('doctors.buttons.consultation')}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection
        id="integration"
        tone="tinted"
        title={t('doctors.integration.title')}
        lead={t('doctors.integration.lead')}
      >
        <CardGrid cards={cardsOf(t('doctors.integration.items', items), integrationKeys)} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t('doctors.buttons.expert')}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection id="why-choose" title={t('doctors.choose.title')}>
        <CheckList items={lines(t('doctors.choose.items', items), chooseKeys)} />
      </MarketingSection>

      <ClosingBand title={t('doctors.closing.title')} text={t('doctors.closing.text')}>
        <CtaLink to={CONTACT_PATH} variant="inverse">
          {t('doctors.buttons.join')}
        </CtaLink>
      </ClosingBand>
    </>
  );
}
