import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs';
import { PageMeta } from '../../../lib/head';
import { helpTopicIcons } from '../components/help-icons';
import { helpTopicOrder, helpTopics } from '../help-topics';

/** /help-center: five cards, one per article (spec §2 "Help center"). */
export function HelpCenterPage() {
  const { t } = useTranslation('help-center');

  return (
    <>
      <PageMeta title={t('meta.helpCenterTitle')} description={t('metaDescription')} />
      <>
        <Breadcrumbs trail={[{ label: t('title') }]} />
        <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-12">
          <div className="mx-auto max-w-5xl">
            <h1 className="text-3xl font-extrabold text-brand-900 sm:text-4xl">{t('title')}</h1>
            <p className="mt-3 max-w-prose text-lg text-ink-muted">{t('lead')}</p>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {helpTopicOrder.map((topic) => {
                const TopicIcon = helpTopicIcons[topic];
                return (
                  <li
                    key={topic}
                    // The whole card is the link's target area; the link's name stays the title.
                    className="relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 focus-within:ring-2 focus-within:ring-brand-700 hover:ring-brand-300"
                  >
                    <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
                      <TopicIcon className="size-6" />
                    </span>
                    <h2 className="mt-4 text-xl font-semibold text-ink">
                      <Link
                        to={helpTopics[topic].path}
                        className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand-800 focus-visible:outline-none"
                      >
                        {t(`cards.${topic}.title`)}
                      </Link>
                    </h2>
                    <p className="mt-2 text-ink-muted">{t(`cards.${topic}.text`)}</p>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </>
    </>
  );
}
