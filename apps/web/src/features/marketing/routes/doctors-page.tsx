import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import {
  CardGrid,
  CheckList,
  ClosingBand,
  CONTACT_PATH,
  CtaLink,
  CtaRow,
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
  const pageKey = 'doctors' as const;
  const offer = offerKeys.map((key) => ({
    key,
    title: t(`${pageKey}.offer.items.${key}.title`),
    text: t(`${pageKey}.offer.items.${key}.text`),
  }));
  const whyOpt = whyOptKeys.map((key) => ({
    key,
    title: t(`${pageKey}.whyOpt.items.${key}.title`),
    text: t(`${pageKey}.whyOpt.items.${key}.text`),
  }));
  const features = featureKeys.map((key) => ({
    key,
    title: t(`${pageKey}.features.items.${key}.title`),
    text: t(`${pageKey}.features.items.${key}.text`),
  }));
  const steps = stepKeys.map((key) => ({
    key,
    title: t(`${pageKey}.how.items.${key}.title`),
    text: t(`${pageKey}.how.items.${key}.text`),
  }));
  const integration = integrationKeys.map((key) => ({
    key,
    title: t(`${pageKey}.integration.items.${key}.title`),
    text: t(`${pageKey}.integration.items.${key}.text`),
  }));

  return (
    <>
      <PageMeta title={t('meta.doctorsTitle')} description={t('doctors.metaDescription')} />
      <>
        <MarketingHero
          eyebrow={t(`${pageKey}.hero.eyebrow`)}
          title={t(`${pageKey}.hero.title`)}
          lead={t(`${pageKey}.hero.lead`)}
          illustration={<ClinicIllustration />}
        >
          <CtaRow>
            <CtaLink to={CONTACT_PATH}>{t(`${pageKey}.buttons.reachOut`)}</CtaLink>
            <CtaLink to={CONTACT_PATH} variant="secondary">
              {t(`${pageKey}.buttons.contactToday`)}
            </CtaLink>
          </CtaRow>
        </MarketingHero>

        <MarketingSection
          id="offer"
          title={t(`${pageKey}.offer.title`)}
          lead={t(`${pageKey}.offer.lead`)}
        >
          <CardGrid columns={4} cards={offer} />
          <CtaRow>
            <CtaLink to={CONTACT_PATH}>{t(`${pageKey}.buttons.connect`)}</CtaLink>
          </CtaRow>
        </MarketingSection>

        <MarketingSection
          id="why-opt"
          tone="tinted"
          title={t(`${pageKey}.whyOpt.title`)}
          lead={t(`${pageKey}.whyOpt.lead`)}
        >
          <CardGrid columns={2} cards={whyOpt} />
          <CtaRow>
            <CtaLink to={CONTACT_PATH}>{t(`${pageKey}.buttons.workshop`)}</CtaLink>
          </CtaRow>
        </MarketingSection>

        <MarketingSection id="key-features" title={t(`${pageKey}.features.title`)}>
          <CardGrid cards={features} />
          <CtaRow>
            <CtaLink to={CONTACT_PATH} variant="secondary">
              {t(`${pageKey}.buttons.learnMore`)}
            </CtaLink>
          </CtaRow>
        </MarketingSection>

        <MarketingSection
          id="how-it-works"
          tone="tinted"
          title={t(`${pageKey}.how.title`)}
          lead={t(`${pageKey}.how.lead`)}
        >
          <CardGrid numbered cards={steps} />
          <CtaRow>
            <CtaLink to={CONTACT_PATH}>{t(`${pageKey}.buttons.contactNow`)}</CtaLink>
          </CtaRow>
        </MarketingSection>

        <MarketingSection
          id="maximising-benefits"
          title={t(`${pageKey}.benefits.title`)}
          lead={t(`${pageKey}.benefits.lead`)}
        >
          <CheckList
            items={benefitKeys.map((key) => ({ key, text: t(`${pageKey}.benefits.items.${key}`) }))}
          />
          <CtaRow>
            <CtaLink to={CONTACT_PATH}>{t(`${pageKey}.buttons.consultation`)}</CtaLink>
          </CtaRow>
        </MarketingSection>

        <MarketingSection
          id="integration"
          tone="tinted"
          title={t(`${pageKey}.integration.title`)}
          lead={t(`${pageKey}.integration.lead`)}
        >
          <CardGrid cards={integration} />
          <CtaRow>
            <CtaLink to={CONTACT_PATH}>{t(`${pageKey}.buttons.expert`)}</CtaLink>
          </CtaRow>
        </MarketingSection>

        <MarketingSection id="why-choose" title={t(`${pageKey}.choose.title`)}>
          <CheckList
            items={chooseKeys.map((key) => ({ key, text: t(`${pageKey}.choose.items.${key}`) }))}
          />
        </MarketingSection>

        <ClosingBand title={t(`${pageKey}.closing.title`)} text={t(`${pageKey}.closing.text`)}>
          <CtaLink to={CONTACT_PATH} variant="inverse">
            {t(`${pageKey}.buttons.join`)}
          </CtaLink>
        </ClosingBand>
      </>
    </>
  );
}
