import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import {
  CardGrid,
  CheckList,
  ClosingBand,
  CONTACT_PATH,
  CtaLink,
  MarketingHero,
  MarketingSection,
} from '../components/marketing-blocks';
import { CareIllustration } from '../components/illustrations';

const adviceKeys = ['noShouting', 'understand', 'conversations', 'exercises'] as const;
const offerKeys = ['quizzes', 'coaching', 'content'] as const;
const practicalKeys = ['educate', 'encourage', 'example'] as const;
const whyKeys = ['science', 'pace', 'language', 'privacy', 'support', 'free'] as const;

/** The two exercises a supporter can go through with the smoker; they open after sign-in. */
const exerciseLinks = [
  { key: 'exercise1', to: '/user/sim-exercise-1' },
  { key: 'exercise2', to: '/user/sim-exercise-2' },
] as const;

const linkClass =
  'inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

/** /non-smokers: for family and friends who want to help a smoker quit (spec §2). */
export function NonSmokersPage() {
  const { t } = useTranslation('marketing');
  const pageKey = 'nonSmokers' as const;

  return (
    <>
      <PageMeta title={t('meta.nonSmokersTitle')} description={t('nonSmokers.metaDescription')} />
      <>
        <MarketingHero
          eyebrow={t(`${pageKey}.hero.eyebrow`)}
          title={t(`${pageKey}.hero.title`)}
          lead={t(`${pageKey}.hero.lead`)}
          illustration={<CareIllustration />}
        />

        <MarketingSection
          id="tips"
          title={t(`${pageKey}.tips.title`)}
          lead={t(`${pageKey}.tips.lead`)}
        >
          <CardGrid
            columns={2}
            cards={adviceKeys.map((key) => ({
              key,
              title: t(`${pageKey}.tips.items.${key}.title`),
              text: t(`${pageKey}.tips.items.${key}.text`),
              extra:
                key === 'exercises' ? (
                  <>
                    <ul className="mt-3 flex flex-wrap gap-x-6">
                      {exerciseLinks.map((exercise) => (
                        <li key={exercise.key}>
                          <Link to={exercise.to} className={linkClass}>
                            {t(`${pageKey}.tips.${exercise.key}`)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                    <p className="mt-1 text-sm text-ink-muted">{t(`${pageKey}.tips.signInNote`)}</p>
                  </>
                ) : undefined,
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
            cards={offerKeys.map((key) => ({
              key,
              title: t(`${pageKey}.offer.items.${key}.title`),
              text: t(`${pageKey}.offer.items.${key}.text`),
            }))}
          />
        </MarketingSection>

        <MarketingSection id="role" title={t(`${pageKey}.role.title`)}>
          <div className="mt-4 grid max-w-prose gap-4 text-lg text-ink-muted">
            <p>{t(`${pageKey}.role.p1`)}</p>
            <p>{t(`${pageKey}.role.p2`)}</p>
          </div>
        </MarketingSection>

        <MarketingSection
          id="practical-tips"
          tone="tinted"
          title={t(`${pageKey}.practical.title`)}
          lead={t(`${pageKey}.practical.lead`)}
        >
          <CardGrid
            cards={practicalKeys.map((key) => ({
              key,
              title: t(`${pageKey}.practical.items.${key}.title`),
              text: t(`${pageKey}.practical.items.${key}.text`),
            }))}
          />
        </MarketingSection>

        <MarketingSection
          id="why-exhale"
          title={t(`${pageKey}.why.title`)}
          lead={t(`${pageKey}.why.lead`)}
        >
          <CheckList
            items={whyKeys.map((key) => ({ key, text: t(`${pageKey}.why.items.${key}`) }))}
          />
        </MarketingSection>

        <ClosingBand title={t(`${pageKey}.closing.title`)} text={t(`${pageKey}.closing.text`)}>
          <CtaLink to={CONTACT_PATH} variant="inverse">
            {t('getStarted')}
          </CtaLink>
          <CtaLink to={CONTACT_PATH} variant="inverse">
            {t('contactUs')}
          </CtaLink>
        </ClosingBand>
      </>
    </>
  );
}
