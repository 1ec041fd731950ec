import { useTranslation } from 'react-i18next';
import { QuoteIcon } from '../../../components/ui/icons';

const storyKeys = ['rohit', 'priya', 'anil'] as const;

/** Target of the public header's 'Success Stories' (spec §2: a section, not a route). */
export function SuccessStoriesSection() {
  const { t } = useTranslation('landing');

  return (
    <section
      id="success-stories"
      aria-labelledby="success-stories-title"
      className="render-when-visible bg-brand-900 px-4 py-14 text-white"
    >
      <div className="mx-auto max-w-6xl">
        <h2 id="success-stories-title" className="text-2xl font-bold sm:text-3xl">
          {t('stories.title')}
        </h2>
        <p className="mt-3 max-w-prose text-lg text-brand-100">{t('stories.lead')}</p>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {storyKeys.map((key) => (
            <li key={key}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 text-ink">
                <QuoteIcon className="size-8 text-brand-600" />
                <blockquote className="mt-3 flex-1 text-lg">
                  <p>{t(`stories.items.${key}.quote`)}</p>
                </blockquote>
                <figcaption className="mt-5">
                  <span className="block font-semibold text-brand-900">
                    {t(`stories.items.${key}.name`)}
                  </span>
                  <span className="text-ink-muted">{t(`stories.items.${key}.detail`)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
