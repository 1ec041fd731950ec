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
import { SchoolIllustration } from '../components/illustrations';

const offerKeys = ['classroom', 'teachers', 'staff', 'parents'] as const;
const stepKeys = ['talk', 'plan', 'deliver', 'followUp'] as const;

/** /schools: sessions for schools and colleges (spec §2 "Content pages"). */
export function SchoolsPage() {
  const { t } = useTranslation('marketing');
  const pageKey = 'schools' as const;

  return (
    <>
      <PageMeta title={t('meta.schoolsTitle')} description={t('schools.metaDescription')} />
      <>
        <MarketingHero
          eyebrow={t(`${pageKey}.hero.eyebrow`)}
          title={t(`${pageKey}.hero.title`)}
          lead={t(`${pageKey}.hero.lead`)}
          illustration={<SchoolIllustration />}
        >
          <CtaRow>
            <CtaLink to={CONTACT_PATH}>{t('contactUs')}</CtaLink>
            <CtaLink to={CONTACT_PATH} variant="secondary">
              {t('getStarted')}
            </CtaLink>
          </CtaRow>
        </MarketingHero>

        <MarketingSection id="why" title={t(`${pageKey}.why.title`)}>
          <div className="mt-4 grid max-w-prose gap-4 text-lg text-ink-muted">
            <p>{t(`${pageKey}.why.p1`)}</p>
            <p>{t(`${pageKey}.why.p2`)}</p>
          </div>
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

        <MarketingSection id="how-it-works" title={t(`${pageKey}.how.title`)}>
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

        <MarketingSection id="age" tone="tinted" title={t(`${pageKey}.age.title`)}>
          <p className="mt-4 max-w-prose text-lg text-ink-muted">{t(`${pageKey}.age.text`)}</p>
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
