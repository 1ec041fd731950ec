import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import {
  CardGrid,
  cardsOf,
  CheckList,
  ClosingBand,
  ContactButtons,
  lines,
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
  const items = { returnObjects: true } as const;
  const advice = cardsOf(t('nonSmokers.tips.items', items), adviceKeys).map((card) =>
    card.key === 'exercises'
      ? {
          ...card,
          extra: (
            <>
              <ul className="mt-3 flex flex-wrap gap-x-6">
                {exerciseLinks.map((exercise) => (
                  <li key={exercise.key}>
                    <Link to={exercise.to} className={linkClass}>
                      {t(`nonSmokers.tips.${exercise.key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-sm text-ink-muted">{t('nonSmokers.tips.signInNote')}</p>
            </>
          ),
        }
      : card,
  );

  return (
    <>
      <PageMeta title={t('meta.nonSmokersTitle')} description={t('nonSmokers.metaDescription')} />
      <MarketingHero
        eyebrow={t('nonSmokers.hero.eyebrow')}
        title={t('nonSmokers.hero.title')}
        lead={t('nonSmokers.hero.lead')}
        illustration={<CareIllustration />}
      />

      <MarketingSection
        id="tips"
        title={t('nonSmokers.tips.title')}
        lead={t('nonSmokers.tips.lead')}
      >
        <CardGrid columns={2} cards={advice} />
      </MarketingSection>

      <MarketingSection
        id="offer"
        tone="tinted"
        title={t('nonSmokers.offer.title')}
        lead={t('nonSmokers.offer.lead')}
      >
        <CardGrid cards={cardsOf(t('nonSmokers.offer.items', items), offerKeys)} />
      </MarketingSection>

      <MarketingSection id="role" title={t('nonSmokers.role.title')}>
        <div className="mt-4 grid max-w-prose gap-4 text-lg text-ink-muted">
          <p>{t('nonSmokers.role.p1')}</p>
          <p>{t('nonSmokers.role.p2')}</p>
        </div>
      </MarketingSection>

      <MarketingSection
        id="practical-tips"
        tone="tinted"
        title={t('nonSmokers.practical.title')}
        lead={t('nonSmokers.practical.lead')}
      >
        <CardGrid cards={cardsOf(t('nonSmokers.practical.items', items), practicalKeys)} />
      </MarketingSection>

      <MarketingSection
        id="why-exhale"
        title={t('nonSmokers.why.title')}
        lead={t('nonSmokers.why.lead')}
      >
        <CheckList items={lines(t('nonSmokers.why.items', items), whyKeys)} />
      </MarketingSection>

      <ClosingBand title={t('nonSmokers.closing.title')} text={t('nonSmokers.closing.text')}>
        <ContactButtons place="closing" getStartedFirst />
      </ClosingBand>
    </>
  );
}
