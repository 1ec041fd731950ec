import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { serverText } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useRequestAccountDeletion } from '../api';

/**
 * Deleting an account starts here and is confirmed from the mailed link (/user-delete), so a
 * borrowed phone or a stolen session cannot erase an account with one tap.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const request = useRequestAccountDeletion();

  return (
    <section
      aria-labelledby="delete-account-title"
      className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="delete-account-title" className="text-xl font-bold text-ink">
        {t('profile.deleteTitle')}
      </h2>
      <p className="mt-2 text-ink-muted">{t('profile.deleteText')}</p>
      <Button
        variant="secondary"
        className="mt-4 border-red-700 text-red-800 hover:bg-red-50"
        disabled={request.isPending}
        onClick={() =>
          request.mutate(undefined, {
            onSuccess: (response) =>
              notify.success(serverText(response.message, 'messages.ACCOUNT_DELETE_MAIL_SENT')),
            onError: (error) => handleApiError(error, 'common.genericError'),
          })
        }
      >
        {t('profile.deleteAccount')}
      </Button>
    </section>
  );
}
