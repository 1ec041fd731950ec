import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/head';
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
  usePageMeta(t('meta.corporatesTitle'), t('corporates.metaDescription'));
  const k = 'corporates' as const;

  return (
    <>
      <MarketingHero
        eyebrow={t(`${k}.hero.eyebrow`)}
        title={t(`${k}.hero.title`)}
        lead={t(`${k}.hero.lead`)}
        illustration={<WorkplaceIllustration />}
      >
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t('contactUs')}</CtaLink>
          <CtaLink to={CONTACT_PATH} variant="secondary">
            {t('getStarted')}
          </CtaLink>
        </CtaRow>
      </MarketingHero>

      <MarketingSection id="why" title={t(`${k}.why.title`)} lead={t(`${k}.why.lead`)}>
        <CardGrid
          cards={whyKeys.map((key) => ({
            key,
            title: t(`${k}.why.items.${key}.title`),
            text: t(`${k}.why.items.${key}.text`),
          }))}
        />
      </MarketingSection>

      <MarketingSection
        id="offer"
        tone="tinted"
        title={t(`${k}.offer.title`)}
        lead={t(`${k}.offer.lead`)}
      >
        <CardGrid
          columns={2}
          cards={offerKeys.map((key) => ({
            key,
            title: t(`${k}.offer.items.${key}.title`),
            text: t(`${k}.offer.items.${key}.text`),
          }))}
        />
      </MarketingSection>

      <MarketingSection id="how-it-works" title={t(`${k}.how.title`)} lead={t(`${k}.how.lead`)}>
        <CardGrid
          numbered
          columns={4}
          cards={stepKeys.map((key) => ({
            key,
            title: t(`${k}.how.steps.${key}.title`),
            text: t(`${k}.how.steps.${key}.text`),
          }))}
        />
      </MarketingSection>

      <ClosingBand title={t(`${k}.closing.title`)} text={t(`${k}.closing.text`)}>
        <CtaLink to={CONTACT_PATH} variant="inverse">
          {t('contactUs')}
        </CtaLink>
        <CtaLink to={CONTACT_PATH} variant="inverse">
          {t('getStarted')}
        </CtaLink>
      </ClosingBand>
    </>
  );
}
