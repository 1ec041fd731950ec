import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import { HelpPage, HelpSection } from '../components/help-page';
import { LiveChatLink } from '../components/live-chat-link';

const linkClass =
  'inline-flex min-h-11 items-center font-semibold break-all text-brand-800 underline underline-offset-2 hover:text-brand-900';

function Channel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100">
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      {children}
    </li>
  );
}

/** /help-center/contact-us: e-mail, phone, live chat and support hours, all from brand.ts. */
export function ContactUsPage() {
  const { t } = useTranslation('help-center');
  const c = 'contact' as const;
  const { support, office } = brand;
  const hours = {
    opens: support.hours.opens,
    closes: support.hours.closes,
    timeZone: support.hours.timeZone,
  };

  return (
    <HelpPage
      metaTitle={t('meta.helpContactTitle')}
      metaDescription={t(`${c}.metaDescription`)}
      title={t(`${c}.title`)}
      lead={t(`${c}.lead`)}
      showContactPrompt={false}
    >
      <HelpSection id="channels" title={t(`${c}.channels.title`)}>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          <Channel title={t(`${c}.channels.email.title`)}>
            <a href={`mailto:${support.email}`} className={linkClass}>
              {support.email}
            </a>
            <p className="mt-1 text-ink-muted">{t(`${c}.channels.email.text`)}</p>
          </Channel>
          <Channel title={t(`${c}.channels.phone.title`)}>
            <a href={support.phoneHref} className={linkClass}>
              {support.phone}
            </a>
            <p className="mt-1 text-ink-muted">{t(`${c}.channels.phone.text`, hours)}</p>
          </Channel>
          <Channel title={t(`${c}.channels.chat.title`)}>
            <p className="mt-2 font-semibold text-brand-900">{t(`${c}.channels.chat.when`)}</p>
            <p className="mt-1 text-ink-muted">{t(`${c}.channels.chat.text`)}</p>
            <LiveChatLink className="mt-4 self-start" />
          </Channel>
        </ul>
      </HelpSection>

      <HelpSection id="hours" title={t(`${c}.hours.title`)}>
        <dl className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          <div className="flex flex-wrap justify-between gap-2 p-4">
            <dt className="font-medium text-ink">{t(`${c}.hours.weekdays`)}</dt>
            <dd className="text-ink">{t(`${c}.hours.weekdaysTime`, hours)}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2 p-4">
            <dt className="font-medium text-ink">{t(`${c}.hours.weekends`)}</dt>
            <dd className="text-ink">{t(`${c}.hours.closed`)}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2 p-4">
            <dt className="font-medium text-ink">{t(`${c}.hours.chat`)}</dt>
            <dd className="text-ink">{t(`${c}.hours.chatTime`)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-ink-muted">{t(`${c}.hours.note`)}</p>
      </HelpSection>

      <HelpSection id="write" title={t(`${c}.include.title`)} lead={t(`${c}.include.lead`)}>
        <ul className="mt-4 grid list-disc gap-2 pl-6 text-ink marker:text-brand-700">
          {Object.entries(t(`${c}.include.points`, { returnObjects: true })).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
      </HelpSection>

      <HelpSection id="office" title={t(`${c}.office.title`)}>
        <address className="mt-4 text-ink not-italic">
          {brand.legalName}
          <br />
          {office.line1}
          <br />
          {office.locality}, {office.city} {office.postalCode}
          <br />
          {office.state}, {office.country}
        </address>
        <p className="mt-4 text-ink-muted">
          {t(`${c}.office.privacy`)}{' '}
          <Link
            to="/privacy-policy"
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            {t(`${c}.office.privacyLink`)}
          </Link>
        </p>
      </HelpSection>
    </HelpPage>
  );
}
