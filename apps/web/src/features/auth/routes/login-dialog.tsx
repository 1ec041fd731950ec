import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { usePublicConfig } from '../../../lib/public-config';
import { useGoogleLogin } from '../api';
import { AuthDialog } from '../components/auth-dialog';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { OtpLogin } from '../components/otp-login';
import { PasswordLogin } from '../components/password-login';
import { useFinishSignIn, type SignedInBody } from '../use-finish-sign-in';

type LoginMode = 'otp' | 'password' | 'forgot';

/**
 * /login: the landing page with the login dialog (spec §2). OTP is the default mode; password
 * and OTP switch, password leads to forgot-password, and a sent reset link returns to password.
 */
export function LoginDialog() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('otp');
  const { finish, done } = useFinishSignIn();
  const googleClientId = usePublicConfig().data?.googleClientId;
  const { mutate: loginWithGoogle } = useGoogleLogin();

  // Operators land in the console (issue 19 item 9); the dashboard stays one link away.
  const signedIn = useCallback(
    (body: SignedInBody) => finish(body, body.data.role === 'admin' ? '/admin' : '/dashboard'),
    [finish],
  );
  const withGoogle = useCallback(
    (credential: string) =>
      loginWithGoogle(credential, {
        onSuccess: signedIn,
        onError: (error) => handleApiError(error, 'messages.GOOGLE_CREDENTIAL_INVALID'),
      }),
    [loginWithGoogle, signedIn],
  );

  return (
    <AuthDialog
      title={mode === 'forgot' ? t('login.forgotTitle') : t('login.title')}
      description={mode === 'forgot' ? undefined : t('login.description')}
      footer={
        <p className="text-ink-muted">
          {t('login.noAccount')}{' '}
          <Link to="/signup" className="font-semibold text-brand-800 underline underline-offset-2">
            {t('login.createAccount')}
          </Link>
        </p>
      }
    >
      {mode === 'otp' ? <OtpLogin locked={done} onSignedIn={signedIn} /> : null}
      {mode === 'password' ? (
        <PasswordLogin
          locked={done}
          onSignedIn={signedIn}
          onForgotPassword={() => setMode('forgot')}
        />
      ) : null}
      {mode === 'forgot' ? <ForgotPasswordForm onSent={() => setMode('password')} /> : null}

      {mode === 'forgot' ? (
        <Button variant="ghost" className="mt-3 w-full" onClick={() => setMode('password')}>
          {t('login.backToSignIn')}
        </Button>
      ) : (
        <>
          <div className="my-5 flex items-center gap-3 text-ink-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-300" />
            {t('login.or')}
            <span className="h-px flex-1 bg-slate-300" />
          </div>
          <div className="flex flex-col gap-3">
            {googleClientId ? (
              <GoogleSignInButton clientId={googleClientId} onCredential={withGoogle} />
            ) : null}
            <Button
              variant="secondary"
              disabled={done}
              onClick={() => setMode(mode === 'otp' ? 'password' : 'otp')}
            >
              {mode === 'otp' ? t('login.usePassword') : t('login.useOtp')}
            </Button>
          </div>
        </>
      )}
    </AuthDialog>
  );
}
