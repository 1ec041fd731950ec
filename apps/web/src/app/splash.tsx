import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import { LogoMark } from '../components/ui/logo';

export const SPLASH_MS = 700;

/** Pages that open without the logo: help in a craving cannot wait for it (decision 084). */
const PAGES_WITHOUT_SPLASH = new Set(['/sos']);

/** Whether the app opens at this path behind the logo. */
export function showsSplash(path: string): boolean {
  return !PAGES_WITHOUT_SPLASH.has(path.replace(/(.)\/+$/, '$1'));
}

/**
 * The logo for 700 ms once the app has started (spec §2). The app renders underneath meanwhile,
 * so the first page's code loads in parallel; the logo covers it from pointers, and the content is
 * `inert` meanwhile so keyboard focus cannot land behind the logo. index.html paints the same
 * markup before any script runs.
 *
 * A page rendered on the server (`prerendered`, decision 062) arrives with this splash and its
 * content in the HTML: the splash's 700 ms run from the page's first paint, and a CSS animation
 * (`boot-splash--timed`) hides it then even if no script runs. Hydration keeps that same element,
 * so the page never flashes back to the logo, and its content is never made inert: a reader
 * could follow its links before the app ran, and still can.
 */
export function Splash({
  children,
  prerendered = false,
  shown = true,
}: {
  children: ReactNode;
  prerendered?: boolean;
  /** False on a page that opens without the logo (`showsSplash`): the content shows at once. */
  shown?: boolean;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(shown);

  useEffect(() => {
    if (!shown) return;
    // User Timing marks: visible in DevTools and Lighthouse, and what the e2e test measures.
    const shownAt = prerendered ? firstPaint() : performance.now();
    performance.mark('splash:shown', { startTime: shownAt });
    const remaining = shownAt + SPLASH_MS - performance.now();
    const hide = () => {
      performance.mark('splash:hidden');
      setVisible(false);
    };
    // The server-rendered splash may already have hidden itself by CSS.
    if (remaining <= 0) return hide();
    const timer = window.setTimeout(hide, remaining);
    return () => window.clearTimeout(timer);
  }, [prerendered, shown]);

  return (
    <>
      <div className="flex min-h-dvh flex-col" inert={visible && !prerendered}>
        {children}
      </div>
      {visible ? (
        <div
          className={prerendered ? 'boot-splash boot-splash--timed' : 'boot-splash'}
          data-testid="splash"
          role="status"
        >
          <LogoMark className="boot-splash__logo" />
          <span className="boot-splash__name" aria-hidden="true">
            {brand.name}
          </span>
          <span className="sr-only">{t('splash.loading', { name: brand.name })}</span>
        </div>
      ) : null}
    </>
  );
}

/** When the server-rendered page (and its splash) was first painted. */
function firstPaint(): number {
  const [paint] = performance.getEntriesByName('first-paint');
  return paint?.startTime ?? 0;
}
