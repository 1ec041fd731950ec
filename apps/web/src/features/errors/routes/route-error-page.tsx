import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/** The router's error screen (spec §8): 'Unexpected Application Error!' with status or message. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  const detail = describe(error);

  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <title>{t('meta.errorTitle')}</title>
      <h1 className="text-3xl font-bold text-ink">{t('routeError.title')}</h1>
      {detail ? (
        <p className="mt-3 font-mono text-base break-words text-ink-muted">{detail}</p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        <a
          href="/"
          className="inline-flex min-h-11 items-center px-3 font-semibold text-brand-800 underline"
        >
          {t('routeError.home')}
        </a>
      </div>
    </section>
  );
}

/** Used when the layout itself fails, so the page still has a main landmark. */
export function RootErrorPage() {
  return (
    <main id="main" className="flex min-h-dvh flex-col">
      <RouteErrorPage />
    </main>
  );
}
