import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import type { ParseKeys } from 'i18next';
import { Button } from '../../../components/ui/button';
import { LogoMark } from '../../../components/ui/logo';
import { isApiErrorBody } from '../../../lib/api';
import { logout } from '../../../lib/auth-store';
import { useDeleteAccount } from '../api';

type Outcome = 'deleted' | 'failed' | 'error' | 'cancelled';

const outcomeStyle: Record<
  Outcome,
  { key: ParseKeys; className: string; role: 'status' | 'alert' }
> = {
  deleted: {
    key: 'messages.ACCOUNT_DELETED',
    className: 'border-green-700 bg-green-50 text-green-900',
    role: 'status',
  },
  failed: {
    key: 'messages.ACCOUNT_DELETE_FAILED',
    className: 'border-red-700 bg-red-50 text-red-900',
    role: 'alert',
  },
  error: {
    key: 'messages.ACCOUNT_DELETE_ERROR',
    className: 'border-red-700 bg-red-50 text-red-900',
    role: 'alert',
  },
  cancelled: {
    key: 'messages.ACCOUNT_DELETE_CANCELLED',
    className: 'border-blue-700 bg-blue-50 text-blue-900',
    role: 'status',
  },
};

/**
 * /user-delete?token=… (spec §2 "Delete Account"), opened from the mailed link. The router shows
 * the not-found page instead when the link has no token. After the choice only the outcome shows.
 */
export function AccountDeletionPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const deleteAccount = useDeleteAccount();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const confirm = () =>
    deleteAccount.mutate(linkToken, {
      onSuccess: (body) => {
        if (!body.success) return setOutcome('failed');
        // The account and every session are gone; nothing stored about it may remain.
        logout();
        queryClient.clear();
        setOutcome('deleted');
      },
      // The API answered "no" (used or expired link): failed; no answer at all: error.
      onError: (error) => setOutcome(isApiErrorBody(error) ? 'failed' : 'error'),
    });

  const shown = outcome ? outcomeStyle[outcome] : null;
  return (
    <section className="flex flex-1 items-center justify-center bg-brand-50 px-4 py-12">
      <title>{t('meta.deleteAccountTitle')}</title>
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-lg sm:p-8">
        <LogoMark className="mx-auto size-12" />
        {shown ? (
          <p
            role={shown.role}
            className={clsx(
              'mt-6 rounded-xl border-l-4 p-4 text-left font-medium',
              shown.className,
            )}
          >
            {t(shown.key)}
          </p>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-bold text-ink">{t('accountDeletion.title')}</h1>
            <p className="mt-3 text-ink-muted">{t('accountDeletion.question')}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button
                className="bg-red-700 hover:bg-red-800"
                onClick={confirm}
                disabled={deleteAccount.isPending}
              >
                {t('accountDeletion.confirm')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => setOutcome('cancelled')}
                disabled={deleteAccount.isPending}
              >
                {t('accountDeletion.cancel')}
              </Button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
