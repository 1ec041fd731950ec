import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import { LogoMark } from '../components/ui/logo';

export const SPLASH_MS = 700;

/**
 * The logo for 700 ms once the app has started (spec §2). The app renders underneath meanwhile,
 * so the first page's code loads in parallel, but stays inert so focus cannot land behind the logo.
 * index.html paints the same markup before any script runs.
 *
 * A page rendered on the server (`prerendered`, decision 062) arrives with this splash and its
 * content in the HTML: the splash's 700 ms run from the page's first paint, and a CSS animation
 * (`boot-splash--timed`) hides it then even if no script runs. Hydration keeps that same element,
 * so the page never flashes back to the logo; the content becomes inert only once the app runs,
 * so a browser without scripts can still follow its links.
 */
export function Splash({
  children,
  prerendered = false,
}: {
  children: ReactNode;
  prerendered?: boolean;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  const [running, setRunning] = useState(!prerendered);

  useEffect(() => {
    // User Timing marks: visible in DevTools and Lighthouse, and what the e2e test measures.
    const shownAt = prerendered ? firstPaint() : performance.now();
    performance.mark('splash:shown', { startTime: shownAt });
    const hide = () => {
      performance.mark('splash:hidden');
      setVisible(false);
    };
    const remaining = shownAt + SPLASH_MS - performance.now();
    if (remaining <= 0) {
      // The server-rendered splash has already hidden itself by CSS and the reader may be using
      // the page: making it inert now, even for a moment, would take their focus away.
      hide();
      return;
    }
    // The server-rendered page's content becomes inert now that the app runs; any other page's
    // was from the first render (setting it again would cost a render of its own).
    if (prerendered) setRunning(true);
    const timer = window.setTimeout(hide, remaining);
    return () => window.clearTimeout(timer);
  }, [prerendered]);

  return (
    <>
      <div className="flex min-h-dvh flex-col" inert={visible && running}>
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
