import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/head';
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
  usePageMeta(t('meta.nonSmokersTitle'), t('nonSmokers.metaDescription'));
  const k = 'nonSmokers' as const;

  return (
    <>
      <MarketingHero
        eyebrow={t(`${k}.hero.eyebrow`)}
        title={t(`${k}.hero.title`)}
        lead={t(`${k}.hero.lead`)}
        illustration={<CareIllustration />}
      />

      <MarketingSection id="tips" title={t(`${k}.tips.title`)} lead={t(`${k}.tips.lead`)}>
        <CardGrid
          columns={2}
          cards={adviceKeys.map((key) => ({
            key,
            title: t(`${k}.tips.items.${key}.title`),
            text: t(`${k}.tips.items.${key}.text`),
            extra:
              key === 'exercises' ? (
                <>
                  <ul className="mt-3 flex flex-wrap gap-x-6">
                    {exerciseLinks.map((exercise) => (
                      <li key={exercise.key}>
                        <Link to={exercise.to} className={linkClass}>
                          {t(`${k}.tips.${exercise.key}`)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 text-sm text-ink-muted">{t(`${k}.tips.signInNote`)}</p>
                </>
              ) : undefined,
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
          cards={offerKeys.map((key) => ({
            key,
            title: t(`${k}.offer.items.${key}.title`),
            text: t(`${k}.offer.items.${key}.text`),
          }))}
        />
      </MarketingSection>

      <MarketingSection id="role" title={t(`${k}.role.title`)}>
        <div className="mt-4 grid max-w-prose gap-4 text-lg text-ink-muted">
          <p>{t(`${k}.role.p1`)}</p>
          <p>{t(`${k}.role.p2`)}</p>
        </div>
      </MarketingSection>

      <MarketingSection
        id="practical-tips"
        tone="tinted"
        title={t(`${k}.practical.title`)}
        lead={t(`${k}.practical.lead`)}
      >
        <CardGrid
          cards={practicalKeys.map((key) => ({
            key,
            title: t(`${k}.practical.items.${key}.title`),
            text: t(`${k}.practical.items.${key}.text`),
          }))}
        />
      </MarketingSection>

      <MarketingSection id="why-exhale" title={t(`${k}.why.title`)} lead={t(`${k}.why.lead`)}>
        <CheckList items={whyKeys.map((key) => ({ key, text: t(`${k}.why.items.${key}`) }))} />
      </MarketingSection>

      <ClosingBand title={t(`${k}.closing.title`)} text={t(`${k}.closing.text`)}>
        <CtaLink to={CONTACT_PATH} variant="inverse">
          {t('getStarted')}
        </CtaLink>
        <CtaLink to={CONTACT_PATH} variant="inverse">
          {t('contactUs')}
        </CtaLink>
      </ClosingBand>
    </>
  );
}
