import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import { LogoMark } from '../components/ui/logo';

export const SPLASH_MS = 700;

/**
 * The logo for 700 ms once the app has started (spec §2). The app renders underneath meanwhile,
 * so the first page's code loads in parallel, but stays inert so focus cannot land behind the logo.
 * index.html paints the same markup before any script runs.
 */
export function Splash({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    // User Timing marks: visible in DevTools and Lighthouse, and what the e2e test measures.
    performance.mark('splash:shown');
    const timer = window.setTimeout(() => {
      performance.mark('splash:hidden');
      setVisible(false);
    }, SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <>
      <div className="flex min-h-dvh flex-col" inert={visible}>
        {children}
      </div>
      {visible ? (
        <div className="boot-splash" data-testid="splash" role="status">
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
