import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { resetLinkRequestSchema, stripSpaces } from '@exhale/contract/auth';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { handleApiError } from '../../../lib/api';
import { toastValidationMessages } from '../../../lib/form-errors';
import { serverText } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useSendResetLink } from '../api';

/** Forgot-password mode (spec §2): an email and 'Send Password Reset Link'. */
export function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const sendLink = useSendResetLink();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetLinkRequestSchema.safeParse({ email });
    if (!parsed.success) {
      toastValidationMessages([parsed.error.issues[0]?.message]);
      return;
    }
    sendLink.mutate(parsed.data.email, {
      onSuccess: (response) => {
        notify.success(serverText(response.message, 'messages.RESET_MAIL_SENT'));
        onSent();
      },
      onError: (error) => handleApiError(error, 'common.genericError'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-ink-muted">{t('login.forgotText')}</p>
      <Field label={t('login.email')}>
        {(control) => (
          <input
            {...control}
            type="email"
            className={inputClasses}
            value={email}
            onChange={(event) => setEmail(stripSpaces(event.target.value))}
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
      <Button type="submit" disabled={sendLink.isPending}>
        {t('login.sendResetLink')}
      </Button>
    </form>
  );
}
