import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import { resetPasswordRequestSchema } from '@exhale/contract/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { LogoMark } from '../../../components/ui/logo';
import { PasswordInput } from '../../../components/ui/password-input';
import { handleApiError } from '../../../lib/api';
import { logout } from '../../../lib/auth-store';
import { toastValidationMessages } from '../../../lib/form-errors';
import { serverText } from '../../../lib/messages';
import { getResetToken, setResetToken } from '../../../lib/storage';
import { notify } from '../../../lib/toast';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useResetPassword } from '../api';
import { tokenFromResetLink } from '../reset-token';

/** Spec §9: field changes are applied after about 200 ms; the login page opens 500 ms after. */
export const RESET_INPUT_DEBOUNCE_MS = 200;
export const RESET_REDIRECT_MS = 500;

/**
 * /reset (spec §2 "Password Reset page"): takes the token from the mailed link, keeps it locally
 * (so a reload still works) and removes it from the address bar, then sets the new password.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get('token');
  const resetPassword = useResetPassword();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (linkToken === null) return;
    const token = tokenFromResetLink(linkToken);
    if (token) setResetToken(token);
    // The token must not linger in the address bar, the history or a shared screenshot.
    navigate({ search: '' }, { replace: true });
  }, [linkToken, navigate]);

  // What the form submits: each field's value, applied once typing pauses.
  const applied = useRef({ newPassword: '', confirm: '' });
  const applyNewPassword = useDebouncedCallback((value: string) => {
    applied.current = { ...applied.current, newPassword: value };
  }, RESET_INPUT_DEBOUNCE_MS);
  const applyConfirm = useDebouncedCallback((value: string) => {
    applied.current = { ...applied.current, confirm: value };
  }, RESET_INPUT_DEBOUNCE_MS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    applyNewPassword.flush();
    applyConfirm.flush();
    const { newPassword, confirm } = applied.current;
    if (newPassword !== confirm) {
      notify.error(t('messages.PASSWORD_MISMATCH'));
      return;
    }
    const parsed = resetPasswordRequestSchema.safeParse({ newPassword, confirm });
    if (!parsed.success) {
      toastValidationMessages([parsed.error.issues[0]?.message]);
      return;
    }
    resetPassword.mutate(
      { token: getResetToken() ?? '', ...parsed.data },
      {
        onSuccess: (response) => {
          // The token is single-use and the reset ended every session, this device's included.
          logout();
          setDone(true);
          notify.success(serverText(response.message, 'messages.RESET_PASSWORD_SUCCESS'));
          window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
        },
        onError: (error) => handleApiError(error, 'messages.RESET_PASSWORD_FAILED'),
      },
    );
  };

  return (
    <section className="flex flex-1 items-center justify-center bg-brand-50 px-4 py-10">
      <title>{t('meta.resetTitle')}</title>
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg sm:p-8">
        <Link
          to="/"
          className="flex items-center gap-2 self-start rounded-lg text-xl font-bold text-brand-900"
        >
          <LogoMark className="size-9" />
          <span>{brand.name}</span>
        </Link>
        <h1 className="mt-6 text-2xl font-bold text-ink">{t('reset.title')}</h1>
        <p className="mt-1 text-ink-muted">{t('reset.lead')}</p>
        <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
          <Field label={t('reset.newPassword')} hint={t('signup.passwordHint')}>
            {(control) => (
              <PasswordInput
                {...control}
                name="newPassword"
                defaultValue=""
                onChange={(event) => applyNewPassword(event.target.value)}
                autoComplete="new-password"
              />
            )}
          </Field>
          <Field label={t('reset.confirmPassword')}>
            {(control) => (
              <PasswordInput
                {...control}
                name="confirm"
                defaultValue=""
                onChange={(event) => applyConfirm(event.target.value)}
                autoComplete="new-password"
              />
            )}
          </Field>
          <Button type="submit" disabled={resetPassword.isPending || done}>
            {t('reset.submit')}
          </Button>
        </form>
      </div>
    </section>
  );
}
