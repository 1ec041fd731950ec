import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordLoginRequestSchema, stripSpaces } from '@exhale/contract/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { handleApiError } from '../../../lib/api';
import { usePasswordLogin } from '../api';
import { checkedLoginBody } from '../login-identifier';
import { IdentifierField } from './identifier-field';
import type { SignedInBody } from '../use-finish-sign-in';

/** Password sign-in (spec §2): email or mobile, password with show/hide, Forgot Password. */
export function PasswordLogin({
  locked,
  onSignedIn,
  onForgotPassword,
}: {
  locked: boolean;
  onSignedIn: (body: SignedInBody) => void;
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const login = usePasswordLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = checkedLoginBody(identifier, passwordLoginRequestSchema, { password });
    if (!body) return;
    login.mutate(body, {
      onSuccess: onSignedIn,
      onError: (error) => handleApiError(error, 'common.genericError'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <IdentifierField value={identifier} onChange={setIdentifier} />
      <Field label={t('login.password')}>
        {(control) => (
          <PasswordInput
            {...control}
            value={password}
            // Spec §5: login inputs have spaces removed.
            onChange={(event) => setPassword(stripSpaces(event.target.value))}
            autoComplete="current-password"
          />
        )}
      </Field>
      <button
        type="button"
        onClick={onForgotPassword}
        className="-mt-2 inline-flex min-h-11 items-center self-end font-semibold text-brand-800 underline underline-offset-2"
      >
        {t('login.forgotPassword')}
      </button>
      <Button type="submit" disabled={login.isPending || locked}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
