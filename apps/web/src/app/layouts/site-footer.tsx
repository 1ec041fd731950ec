import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import { LanguageSwitcher } from '../../components/ui/language-switcher';
import { LogoMark } from '../../components/ui/logo';
import { SupportContactLinks } from '../../components/ui/support-contact-links';
import { useAuth } from '../../lib/auth-store';

const linkClass =
  'inline-flex min-h-11 items-center rounded text-brand-100 underline-offset-4 hover:text-white hover:underline';

function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
      <span className="sr-only"> {t('common.opensInNewTab')}</span>
    </a>
  );
}

/** A footer section of in-app links (decision 045: every public page is linked from here). */
function LinkSection({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Footer content per spec §1: app listing, social profiles, support e-mail, office, copyright. */
export function SiteFooter({ withLanguageSwitcher }: { withLanguageSwitcher: boolean }) {
  const { t } = useTranslation();
  const { office, support, social } = brand;
  const year = new Date().getFullYear();
  const { isAuth } = useAuth();
  // Explore is for members (a protected page): a visitor would only be sent to log in.
  const discover = [
    { to: '/blog', label: t('footer.links.blog') },
    { to: '/new-and-media', label: t('footer.links.news') },
    ...(isAuth ? [{ to: '/explore', label: t('footer.links.explore') }] : []),
    { to: '/help-center', label: t('footer.links.helpCenter') },
  ];
  const audiences = [
    { to: '/corporates', label: t('footer.links.corporates') },
    { to: '/schools', label: t('footer.links.schools') },
    { to: '/doctors', label: t('footer.links.doctors') },
    { to: '/non-smokers', label: t('footer.links.nonSmokers') },
  ];

  return (
    <footer className="bg-brand-900 text-white [&_:focus-visible]:outline-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-xl font-bold">
            <LogoMark className="size-9" />
            {brand.name}
          </p>
          <p className="mt-3 text-brand-100">{t('footer.tagline')}</p>
          <p className="mt-3">
            <ExternalLink href={brand.appStore.googlePlay}>{t('footer.getApp')}</ExternalLink>
          </p>
        </div>

        <LinkSection title={t('footer.discover')} links={discover} />
        <LinkSection title={t('footer.whoWeHelp')} links={audiences} />

        <nav aria-label={t('footer.followUs')}>
          <h2 className="text-lg font-semibold">{t('footer.followUs')}</h2>
          <ul className="mt-2">
            <li>
              <ExternalLink href={social.linkedin}>{t('footer.social.linkedin')}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={social.youtube}>{t('footer.social.youtube')}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={social.facebook}>{t('footer.social.facebook')}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={social.instagram}>{t('footer.social.instagram')}</ExternalLink>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-lg font-semibold">{t('footer.contact')}</h2>
          <SupportContactLinks listClassName="mt-2" linkClassName={linkClass} />
          <p className="mt-2 text-brand-100">
            {t('footer.hours', {
              opens: support.hours.opens,
              closes: support.hours.closes,
              timeZone: support.hours.timeZone,
            })}
          </p>
        </div>

        <div>
          <h2 className="text-lg font-semibold">{t('footer.office')}</h2>
          <address className="mt-2 text-brand-100 not-italic">
            {brand.legalName}
            <br />
            {office.line1}
            <br />
            {office.locality}, {office.city} {office.postalCode}
            <br />
            {office.state}, {office.country}
          </address>
        </div>
      </div>

      <div className="border-t border-white/20">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <p>{t('footer.copyright', { year, name: brand.name })}</p>
          {withLanguageSwitcher ? <LanguageSwitcher tone="dark" /> : null}
        </div>
      </div>
    </footer>
  );
}
