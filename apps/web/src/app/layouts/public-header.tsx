import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, type To } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { brand } from '@exhale/contract/brand';
import { Button, buttonClasses } from '../../components/ui/button';
import { MenuIcon } from '../../components/ui/icons';
import { LanguageSwitcher } from '../../components/ui/language-switcher';
import { LogoMark } from '../../components/ui/logo';
import { earlyTapTarget, takeEarlyTap } from '../../lib/early-input';

const PublicMenu = lazy(() => import('./public-menu').then((m) => ({ default: m.PublicMenu })));

// Success Stories and About Us are sections of the landing page, not routes (spec §2); linking to
// "/#id" works from any page, and the router's scroll restoration scrolls to the section.
const successStories: To = { pathname: '/', hash: '#success-stories' };
const aboutUs: To = { pathname: '/', hash: '#about' };

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex min-h-11 items-center rounded-full px-3 font-medium text-ink hover:bg-brand-50 hover:text-brand-900',
    isActive && 'text-brand-800 underline decoration-2 underline-offset-8',
  );

export function PublicHeader() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The menu's code loads on the first tap; the sheet opens as soon as it has arrived.
  const [menuWanted, setMenuWanted] = useState(false);
  const openMenu = () => {
    setMenuWanted(true);
    setMenuOpen(true);
  };
  // A tap on the server-rendered page's menu button before the app took it over.
  useEffect(() => {
    if (takeEarlyTap('public-menu')) openMenu();
  }, []);

  const mainLinks = [
    { key: 'home', to: '/', label: t('nav.home'), end: true },
    { key: 'stories', to: successStories, label: t('nav.successStories') },
    { key: 'blogs', to: '/blog', label: t('nav.blogs') },
    { key: 'contact', to: '/help-center/contact-us', label: t('nav.contactUs') },
  ];

  const menuButton = (
    <Button
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-label={t('nav.openMenu')}
      aria-haspopup="dialog"
      {...earlyTapTarget('public-menu')}
      onClick={menuWanted ? undefined : openMenu}
    >
      <MenuIcon />
    </Button>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link
          to="/"
          className="mr-auto flex items-center gap-2 rounded-lg text-xl font-bold text-brand-900"
        >
          <LogoMark className="size-9" />
          <span>{brand.name}</span>
        </Link>

        <nav aria-label={t('nav.label')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainLinks.map((link) => (
              <li key={link.key}>
                {link.key === 'stories' ? (
                  <Link to={link.to} className={navLinkClass({ isActive: false })}>
                    {link.label}
                  </Link>
                ) : (
                  <NavLink to={link.to} end={link.end} className={navLinkClass}>
                    {link.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <LanguageSwitcher />
        {/* Wrapped: `hidden` on the link itself would fight the button's own display class. */}
        <div className="hidden md:block">
          <Link to="/login" className={buttonClasses()}>
            {t('nav.signIn')}
          </Link>
        </div>

        {menuWanted ? (
          <Suspense fallback={menuButton}>
            <PublicMenu
              trigger={menuButton}
              links={[...mainLinks, { key: 'about', to: aboutUs, label: t('nav.aboutUs') }]}
              open={menuOpen}
              onOpenChange={setMenuOpen}
            />
          </Suspense>
        ) : (
          menuButton
        )}
      </div>
    </header>
  );
}
