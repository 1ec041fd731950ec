import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
} from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { LogOutIcon, UserIcon } from '../../components/ui/icons';
import { useCurrentUser } from '../../lib/auth-store';
import { useLogout } from '../../lib/use-logout';

interface AccountMenuProps {
  /** A wide screen shows the page links in the bar; a phone has them in this menu. */
  wide: boolean;
  showLiveSession: boolean;
  planLabel: string;
}

/** My Account: the member's initial (or photo), and on a wide screen the words. */
function AccountButton({ wide, ...props }: ComponentProps<'button'> & { wide: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const initial = user?.name?.trim().charAt(0).toUpperCase();
  return (
    <Button variant="ghost" className="min-h-11 gap-2 px-1.5 sm:pr-3" {...props}>
      <span className="inline-flex size-8 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-sm font-bold text-brand-900">
        {user?.profile ? (
          <img
            src={user.profile}
            alt=""
            width={32}
            height={32}
            decoding="async"
            className="size-full object-cover"
          />
        ) : initial ? (
          <span aria-hidden="true">{initial}</span>
        ) : (
          <UserIcon className="size-5" />
        )}
      </span>
      <span className={wide ? undefined : 'sr-only'}>{t('topbar.myAccount')}</span>
    </Button>
  );
}

/**
 * The top bar's account menu. The page is first drawn with a plain button in its place: mounted,
 * the menu library updates itself synchronously (its anchor, its closed panel's presence), which
 * made React run every effect of the page's first render and render again in the same task, a
 * long one on a slow phone. The menu replaces the button in a transition right after, so it is
 * there before anyone can reach it; a tap that comes first opens it, and keyboard focus moves over
 * to it.
 */
export function AccountMenu({ wide, showLiveSession, planLabel }: AccountMenuProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const handleLogout = useLogout();
  const [open, setOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Whether the plain button had the focus as the menu replaced it.
  const refocus = useRef(false);
  // Called as the plain button leaves the page, while it still holds the focus it had.
  const notePlaceholderFocus = useCallback(
    (node: HTMLButtonElement | null) => () => {
      refocus.current = node !== null && document.activeElement === node;
    },
    [],
  );

  const openNow = () => {
    setMenuMounted(true);
    setOpen(true);
  };

  useEffect(() => startTransition(() => setMenuMounted(true)), []);

  useEffect(() => {
    if (menuMounted && refocus.current) trigger.current?.focus();
  }, [menuMounted]);

  if (!menuMounted) {
    return (
      <AccountButton
        ref={notePlaceholderFocus}
        wide={wide}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={openNow}
      />
    );
  }

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton ref={trigger} wide={wide} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          {t('topbar.myAccount')}
          {user?.name ? (
            <span className="block truncate font-normal text-ink">{user.name}</span>
          ) : null}
        </DropdownMenuLabel>
        {wide ? null : (
          <>
            {showLiveSession ? (
              <DropdownMenuItem asChild>
                <Link to="/live-session">{t('topbar.liveSession')}</Link>
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem asChild>
              <Link to="/explore">{t('topbar.explore')}</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/quit-plan">{t('topbar.quitPlan')}</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/plans">{planLabel}</Link>
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuItem asChild>
          <Link to="/coach">{t('topbar.coach')}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/edit-profile">
            <UserIcon className="size-5" />
            {t('topbar.myProfile')}
          </Link>
        </DropdownMenuItem>
        {user?.role === 'admin' || user?.role === 'coach' ? (
          <DropdownMenuItem asChild>
            <Link to={user.role === 'coach' ? '/admin/inbox' : '/admin'}>
              {t(user.role === 'coach' ? 'topbar.coachInbox' : 'topbar.adminConsole')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => handleLogout()}>
          <LogOutIcon className="size-5" />
          {t('topbar.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
