import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs';
import { PageMeta } from '../../../lib/head';
import { currentLanguage } from '../../../lib/i18n';
import { legalBlocks } from '../legal-text';

export interface LegalSection {
  title: string;
  body: string;
}

const sectionId = (number: number) => `section-${number}`;

/**
 * A numbered legal document: title, date, introduction, a table of contents and one h2 per
 * section, numbered in its text so the numbers survive copying and printing. No header on these
 * pages (spec §2), so the breadcrumb leads home.
 */
export function LegalDocument({
  metaTitle,
  metaDescription,
  title,
  updated,
  intro,
  sections,
  children,
}: {
  metaTitle: string;
  metaDescription: string;
  title: string;
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('legal');
  const translated = currentLanguage() !== 'en';

  return (
    <>
      <PageMeta title={metaTitle} description={metaDescription} />
      <>
        <Breadcrumbs trail={[{ label: title }]} />
        <article aria-labelledby="legal-title" className="mx-auto w-full max-w-3xl px-4 py-10">
          <h1 id="legal-title" className="text-3xl font-extrabold text-brand-900 sm:text-4xl">
            {title}
          </h1>
          <p className="mt-2 text-ink-muted">{updated}</p>
          {translated ? (
            <p className="mt-4 rounded-lg border-l-4 border-brand-700 bg-brand-50 p-4 text-ink">
              {t('translationNote')}
            </p>
          ) : null}
          <p className="mt-6 text-lg text-ink">{intro}</p>

          <nav
            aria-labelledby="legal-contents"
            className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5"
          >
            <p id="legal-contents" className="font-semibold text-ink">
              {t('contents')}
            </p>
            <ol className="mt-2 grid gap-x-6 sm:grid-cols-2">
              {sections.map((section, index) => (
                <li key={sectionId(index + 1)}>
                  <Link
                    to={{ hash: `#${sectionId(index + 1)}` }}
                    className="inline-flex min-h-9 items-center text-brand-800 underline-offset-2 hover:underline"
                  >
                    {index + 1}. {section.title}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>

          {sections.map((section, index) => (
            <section key={sectionId(index + 1)} className="mt-10" data-testid="legal-section">
              <h2 id={sectionId(index + 1)} className="text-xl font-bold text-ink sm:text-2xl">
                {index + 1}. {section.title}
              </h2>
              {legalBlocks(section.body).map((block, blockIndex) =>
                block.kind === 'list' ? (
                  <ul
                    key={blockIndex}
                    className="mt-3 grid list-disc gap-1.5 pl-6 text-ink marker:text-brand-700"
                  >
                    {block.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : (
                  <p key={blockIndex} className="mt-3 text-ink">
                    {block.text}
                  </p>
                ),
              )}
            </section>
          ))}

          {children}
        </article>
      </>
    </>
  );
}
