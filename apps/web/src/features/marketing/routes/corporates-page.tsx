import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import {
  CardGrid,
  ClosingBand,
  CONTACT_PATH,
  CtaLink,
  CtaRow,
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
  const pageKey = 'corporates' as const;

  return (
    <>
      <PageMeta title={t('meta.corporatesTitle')} description={t('corporates.metaDescription')} />
      <>
        <MarketingHero
          eyebrow={t(`${pageKey}.hero.eyebrow`)}
          title={t(`${pageKey}.hero.title`)}
          lead={t(`${pageKey}.hero.lead`)}
          illustration={<WorkplaceIllustration />}
        >
          <CtaRow>
            <CtaLink to={CONTACT_PATH}>{t('contactUs')}</CtaLink>
            <CtaLink to={CONTACT_PATH} variant="secondary">
              {t('getStarted')}
            </CtaLink>
          </CtaRow>
        </MarketingHero>

        <MarketingSection
          id="why"
          title={t(`${pageKey}.why.title`)}
          lead={t(`${pageKey}.why.lead`)}
        >
          <CardGrid
            cards={whyKeys.map((key) => ({
              key,
              title: t(`${pageKey}.why.items.${key}.title`),
              text: t(`${pageKey}.why.items.${key}.text`),
            }))}
          />
        </MarketingSection>

        <MarketingSection
          id="offer"
          tone="tinted"
          title={t(`${pageKey}.offer.title`)}
          lead={t(`${pageKey}.offer.lead`)}
        >
          <CardGrid
            columns={2}
            cards={offerKeys.map((key) => ({
              key,
              title: t(`${pageKey}.offer.items.${key}.title`),
              text: t(`${pageKey}.offer.items.${key}.text`),
            }))}
          />
        </MarketingSection>

        <MarketingSection
          id="how-it-works"
          title={t(`${pageKey}.how.title`)}
          lead={t(`${pageKey}.how.lead`)}
        >
          <CardGrid
            numbered
            columns={4}
            cards={stepKeys.map((key) => ({
              key,
              title: t(`${pageKey}.how.steps.${key}.title`),
              text: t(`${pageKey}.how.steps.${key}.text`),
            }))}
          />
        </MarketingSection>

        <ClosingBand title={t(`${pageKey}.closing.title`)} text={t(`${pageKey}.closing.text`)}>
          <CtaLink to={CONTACT_PATH} variant="inverse">
            {t('contactUs')}
          </CtaLink>
          <CtaLink to={CONTACT_PATH} variant="inverse">
            {t('getStarted')}
          </CtaLink>
        </ClosingBand>
      </>
    </>
  );
}
