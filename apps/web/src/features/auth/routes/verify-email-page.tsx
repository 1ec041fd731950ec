import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LogoMark } from '../../../components/ui/logo';
import { isApiErrorBody } from '../../../lib/api';
import { useVerifyEmail } from '../api';

type Outcome = 'verified' | 'invalid' | 'error';

/**
 * /verify-email?token=…, opened from the link mailed at sign-up or after an address change
 * (decision 035). It confirms the address as soon as it opens: the link itself is the proof, and
 * there is nothing to choose. The router shows the not-found page when the link has no token.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  const run = () =>
    verify.mutate(linkToken, {
      onSuccess: () => setOutcome('verified'),
      // The API said no (used, expired or for an older address) or did not answer at all.
      onError: (error) => setOutcome(isApiErrorBody(error) ? 'invalid' : 'error'),
    });

  useEffect(() => {
    // Once per page, also under React's double effects in development.
    if (started.current) return;
    started.current = true;
    run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is read once
  }, []);

  return (
    <section className="flex flex-1 items-center justify-center bg-brand-50 px-4 py-12">
      <title>{t('meta.verifyEmailTitle')}</title>
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-lg sm:p-8">
        <LogoMark className="mx-auto size-12" />
        <h1 className="mt-4 text-2xl font-bold text-ink">{t('verifyEmail.title')}</h1>
        {outcome === null ? (
          <p role="status" className="mt-4 text-ink-muted">
            {t('verifyEmail.checking')}
          </p>
        ) : (
          <div
            role={outcome === 'verified' ? 'status' : 'alert'}
            className={clsx(
              'mt-6 rounded-xl border-l-4 p-4 text-left',
              outcome === 'verified'
                ? 'border-green-700 bg-green-50 text-green-900'
                : 'border-red-700 bg-red-50 text-red-900',
            )}
          >
            <p className="font-medium">
              {outcome === 'verified'
                ? t('messages.EMAIL_VERIFIED')
                : outcome === 'invalid'
                  ? t('messages.VERIFY_LINK_INVALID')
                  : t('verifyEmail.error')}
            </p>
            {outcome === 'invalid' && <p className="mt-2">{t('verifyEmail.invalidHint')}</p>}
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {outcome === 'error' && (
            <Button onClick={run} disabled={verify.isPending}>
              {t('verifyEmail.retry')}
            </Button>
          )}
          {outcome !== null && (
            <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
              {t('verifyEmail.continue')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
