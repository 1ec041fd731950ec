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
import { SchoolIllustration } from '../components/illustrations';

const offerKeys = ['classroom', 'teachers', 'staff', 'parents'] as const;
const stepKeys = ['talk', 'plan', 'deliver', 'followUp'] as const;

/** /schools: sessions for schools and colleges (spec §2 "Content pages"). */
export function SchoolsPage() {
  const { t } = useTranslation('marketing');
  usePageMeta(t('meta.schoolsTitle'), t('schools.metaDescription'));
  const k = 'schools' as const;

  return (
    <>
      <MarketingHero
        eyebrow={t(`${k}.hero.eyebrow`)}
        title={t(`${k}.hero.title`)}
        lead={t(`${k}.hero.lead`)}
        illustration={<SchoolIllustration />}
      >
        <CtaRow>
          <CtaLink to={CONTACT_PATH}>{t('contactUs')}</CtaLink>
          <CtaLink to={CONTACT_PATH} variant="secondary">
            {t('getStarted')}
          </CtaLink>
        </CtaRow>
      </MarketingHero>

      <MarketingSection id="why" title={t(`${k}.why.title`)}>
        <div className="mt-4 grid max-w-prose gap-4 text-lg text-ink-muted">
          <p>{t(`${k}.why.p1`)}</p>
          <p>{t(`${k}.why.p2`)}</p>
        </div>
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

      <MarketingSection id="how-it-works" title={t(`${k}.how.title`)}>
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

      <MarketingSection id="age" tone="tinted" title={t(`${k}.age.title`)}>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">{t(`${k}.age.text`)}</p>
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
