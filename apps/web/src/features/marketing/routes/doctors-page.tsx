import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/head';
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
  usePageMeta(t('meta.doctorsTitle'), t('doctors.metaDescription'));
  const k = 'doctors' as const;
  const offer = offerKeys.map((key) => ({
    key,
    title: t(`${k}.offer.items.${key}.title`),
    text: t(`${k}.offer.items.${key}.text`),
  }));
  const whyOpt = whyOptKeys.map((key) => ({
    key,
    title: t(`${k}.whyOpt.items.${key}.title`),
    text: t(`${k}.whyOpt.items.${key}.text`),
  }));
  const features = featureKeys.map((key) => ({
    key,
    title: t(`${k}.features.items.${key}.title`),
    text: t(`${k}.features.items.${key}.text`),
  }));
  const steps = stepKeys.map((key) => ({
    key,
    title: t(`${k}.how.items.${key}.title`),
    text: t(`${k}.how.items.${key}.text`),
  }));
  const integration = integrationKeys.map((key) => ({
    key,
    title: t(`${k}.integration.items.${key}.title`),
    text: t(`${k}.integration.items.${key}.text`),
  }));

  return (
    <>
      <MarketingHero
        eyebrow={t(`${k}.hero.eyebrow`)}
        title={t(`${k}.hero.title`)}
        lead={t(`${k}.hero.lead`)}
        illustration={<ClinicIllustration />}
      >
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t(`${k}.buttons.reachOut`)}</CtaLink>
          <CtaLink to={CONTACT_PATH} variant="secondary">
            {t(`${k}.buttons.contactToday`)}
          </CtaLink>
        </CtaRow>
      </MarketingHero>

      <MarketingSection id="offer" title={t(`${k}.offer.title`)} lead={t(`${k}.offer.lead`)}>
        <CardGrid columns={4} cards={offer} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t(`${k}.buttons.connect`)}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection
        id="why-opt"
        tone="tinted"
        title={t(`${k}.whyOpt.title`)}
        lead={t(`${k}.whyOpt.lead`)}
      >
        <CardGrid columns={2} cards={whyOpt} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t(`${k}.buttons.workshop`)}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection id="key-features" title={t(`${k}.features.title`)}>
        <CardGrid cards={features} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH} variant="secondary">
            {t(`${k}.buttons.learnMore`)}
          </CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection
        id="how-it-works"
        tone="tinted"
        title={t(`${k}.how.title`)}
        lead={t(`${k}.how.lead`)}
      >
        <CardGrid numbered cards={steps} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t(`${k}.buttons.contactNow`)}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection
        id="maximising-benefits"
        title={t(`${k}.benefits.title`)}
        lead={t(`${k}.benefits.lead`)}
      >
        <CheckList
          items={benefitKeys.map((key) => ({ key, text: t(`${k}.benefits.items.${key}`) }))}
        />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t(`${k}.buttons.consultation`)}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection
        id="integration"
        tone="tinted"
        title={t(`${k}.integration.title`)}
        lead={t(`${k}.integration.lead`)}
      >
        <CardGrid cards={integration} />
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t(`${k}.buttons.expert`)}</CtaLink>
        </CtaRow>
      </MarketingSection>

      <MarketingSection id="why-choose" title={t(`${k}.choose.title`)}>
        <CheckList
          items={chooseKeys.map((key) => ({ key, text: t(`${k}.choose.items.${key}`) }))}
        />
      </MarketingSection>

      <ClosingBand title={t(`${k}.closing.title`)} text={t(`${k}.closing.text`)}>
        <CtaLink to={CONTACT_PATH} variant="inverse">
          {t(`${k}.buttons.join`)}
        </CtaLink>
      </ClosingBand>
    </>
  );
}
