import type { ReactElement } from 'react';
import { Link, type To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetTrigger } from '../../components/ui/sheet';

export interface PublicMenuLink {
  key: string;
  to: To;
  label: string;
}

/**
 * The small screens' menu: a sheet (a Radix dialog). A chunk of its own, fetched on the first tap
 * of the menu button, so the dialog's code is not part of every visitor's first download.
 */
export function PublicMenu({
  trigger,
  links,
  open,
  onOpenChange,
}: {
  /** The header's menu button; the sheet returns focus to it on close. */
  trigger: ReactElement;
  links: PublicMenuLink[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent title={t('nav.menu')}>
        <nav aria-label={t('nav.mobileLabel')}>
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.key}>
                <SheetClose asChild>
                  <Link
                    to={link.to}
                    className="flex min-h-12 items-center rounded-lg px-3 text-lg font-medium text-ink hover:bg-brand-50"
                  >
                    {link.label}
                  </Link>
                </SheetClose>
              </li>
            ))}
          </ul>
          <SheetClose asChild>
            <Link to="/login" className={buttonClasses({ className: 'mt-6 w-full' })}>
              {t('nav.signInMobile')}
            </Link>
          </SheetClose>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
