import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { BellIcon, SlidersIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/loader';
import { Sheet, SheetClose, SheetContent, SheetTrigger } from '../../../components/ui/sheet';
import { useTranslated } from '../../../lib/use-translated';
import { useBellNotifications } from '../api';
import { shownTexts, textsToTranslate } from '../bell-texts';

/** The top bar's bell and the side sheet it opens (spec §2). */
export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: notifications = [], isPending } = useBellNotifications(open);
  // Notices the API writes are in the member's account language (decision 065): only those in
  // another language, or in one nobody recorded (an operator's message), go to POST /translate.
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const toTranslate = useMemo(
    () => textsToTranslate(notifications, language),
    [notifications, language],
  );
  const translate = useTranslated(toTranslate);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('notifications.title')}>
          <BellIcon />
        </Button>
      </SheetTrigger>
      <SheetContent title={t('notifications.title')}>
        {isPending ? (
          <div role="status" className="flex items-center gap-3 py-6 text-ink-muted">
            <Spinner className="size-6" />
            {t('notifications.loading')}
          </div>
        ) : notifications.length === 0 ? (
          <p className="py-6 text-center text-ink-muted">{t('notifications.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {notifications.map((item) => {
              const shown = shownTexts(item, language, translate);
              return (
                <li key={item._id} className="py-3">
                  <h3 className="font-semibold text-ink">{shown.title}</h3>
                  <p className="mt-1 text-ink-muted">{shown.message}</p>
                </li>
              );
            })}
          </ul>
        )}
        <SheetClose asChild>
          <Link
            to="/notifications"
            className={buttonClasses({ variant: 'secondary', className: 'mt-6 w-full' })}
          >
            <SlidersIcon className="size-5" />
            {t('notifications.settings')}
          </Link>
        </SheetClose>
      </SheetContent>
    </Sheet>
  );
}
