import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs';
import { buttonClasses } from '../../../components/ui/button';
import { PageMeta } from '../../../lib/head';
import { HELP_CENTER_PATH, helpTopics } from '../help-topics';
import { LiveChatLink } from './live-chat-link';

/**
 * The frame of every help-center article. These pages have no header (spec §2 "Layout rules"), so
 * the breadcrumb trail is the way back to the help center and home.
 */
export function HelpPage({
  title,
  lead,
  metaTitle,
  metaDescription,
  children,
  showContactPrompt = true,
}: {
  title: string;
  lead: string;
  metaTitle: string;
  metaDescription: string;
  children: ReactNode;
  showContactPrompt?: boolean;
}) {
  const { t } = useTranslation('help-center');
  return (
    <>
      <PageMeta title={metaTitle} description={metaDescription} />
      <Breadcrumbs trail={[{ label: t('title'), to: HELP_CENTER_PATH }, { label: title }]} />
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-extrabold text-brand-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-ink-muted">{lead}</p>
        <div className="mt-8">{children}</div>
        {showContactPrompt ? <ContactPrompt /> : null}
      </div>
    </>
  );
}

function ContactPrompt() {
  const { t } = useTranslation('help-center');
  return (
    <section
      aria-labelledby="still-need-help"
      className="mt-12 rounded-2xl border border-brand-100 bg-brand-50 p-6"
    >
      <h2 id="still-need-help" className="text-xl font-bold text-ink">
        {t('stillNeedHelp.title')}
      </h2>
      <p className="mt-2 text-ink-muted">{t('stillNeedHelp.text')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={helpTopics.contact.path} className={buttonClasses()}>
          {t('stillNeedHelp.cta')}
        </Link>
        <LiveChatLink variant="secondary" />
      </div>
    </section>
  );
}

/** A titled block of an article: an h2, an optional lead, then its content. */
export function HelpSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 first:mt-0">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-ink">
        {title}
      </h2>
      {lead ? <p className="mt-2 text-ink-muted">{lead}</p> : null}
      {children}
    </section>
  );
}

/** Numbered steps, as text from the catalogue (an object of strings, in order). */
export function StepList({ steps }: { steps: Record<string, string> }) {
  return (
    <ol className="mt-4 grid gap-3">
      {Object.entries(steps).map(([key, text], index) => (
        <li key={key} className="flex gap-3 text-ink">
          <span
            aria-hidden="true"
            className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
          >
            {index + 1}
          </span>
          <span className="pt-0.5">{text}</span>
        </li>
      ))}
    </ol>
  );
}

/** Plain bullet points from the catalogue. */
export function PointList({ points }: { points: Record<string, string> }) {
  return (
    <ul className="mt-4 grid list-disc gap-2 pl-6 text-ink marker:text-brand-700">
      {Object.entries(points).map(([key, text]) => (
        <li key={key}>{text}</li>
      ))}
    </ul>
  );
}
