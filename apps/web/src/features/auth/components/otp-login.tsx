import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH, otpRequestSchema } from '@exhale/contract/auth';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { OtpInput } from '../../../components/ui/otp-input';
import { handleApiError } from '../../../lib/api';
import { getTempToken, removeItem, setTempToken, storageKeys } from '../../../lib/storage';
import { notify } from '../../../lib/toast';
import { useRequestOtp, useVerifyOtp, type OtpRequestBody } from '../api';
import { checkedLoginBody } from '../login-identifier';
import { IdentifierField } from './identifier-field';
import type { SignedInBody } from '../use-finish-sign-in';

/** API.md: a new code can be requested 30 s after the last one (earlier requests get 429). */
export const OTP_RESEND_COOLDOWN_MS = 30_000;

function useCooldown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((until - now) / 1000));
  const cooling = secondsLeft > 0;

  useEffect(() => {
    if (!cooling) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [cooling]);

  const start = () => {
    const started = Date.now();
    setNow(started);
    setUntil(started + OTP_RESEND_COOLDOWN_MS);
  };
  return { secondsLeft, start };
}

/**
 * OTP sign-in (spec §2, the dialog's default mode): the email or mobile, then the 6-slot code
 * with a back arrow and 'Resend OTP'.
 */
export function OtpLogin({
  locked,
  onSignedIn,
}: {
  /** True once signed in, while the dialog waits to leave. */
  locked: boolean;
  onSignedIn: (body: SignedInBody) => void;
}) {
  const { t } = useTranslation();
  const [identifier, setIdentifier] = useState('');
  const [sentTo, setSentTo] = useState<OtpRequestBody | null>(null);
  const [otp, setOtp] = useState('');
  const requestOtp = useRequestOtp();
  const verifyOtp = useVerifyOtp();
  const cooldown = useCooldown();

  // Leaving this mode (or the dialog) without verifying: the unused temp token must not shadow a
  // session in the bearer order. After a successful verify it is already gone.
  useEffect(() => () => removeItem(storageKeys.tempToken), []);

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const body = checkedLoginBody(identifier, otpRequestSchema);
    if (!body) return;
    requestOtp.mutate(body, {
      onSuccess: (response) => {
        setTempToken(response.token);
        // The server answers an address with no account the same way (decision 077): the page
        // must not claim a code was sent.
        notify.success(t('login.codeOnItsWay'));
        setSentTo(body);
        setOtp('');
        cooldown.start();
      },
      onError: (error) => handleApiError(error, 'messages.OTP_REQUEST_FAILED'),
    });
  };

  const resend = () => {
    if (!sentTo) return;
    requestOtp.mutate(sentTo, {
      onSuccess: (response) => {
        setTempToken(response.token);
        notify.success(t('messages.OTP_RESENT'));
        setOtp('');
        cooldown.start();
      },
      onError: (error) => {
        console.error('Resend OTP failed', error);
        notify.error(t('messages.OTP_RESEND_FAILED'));
      },
    });
  };

  const backToEntry = () => {
    // The unused temp token would otherwise shadow any session in the bearer order.
    removeItem(storageKeys.tempToken);
    setSentTo(null);
    setIdentifier('');
    setOtp('');
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    const tempToken = getTempToken();
    if (!tempToken) return backToEntry();
    verifyOtp.mutate(
      { otp, tempToken },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          handleApiError(error, 'common.genericError');
          setOtp('');
        },
      },
    );
  };

  if (!sentTo) {
    return (
      <form onSubmit={sendCode} noValidate className="flex flex-col gap-4">
        <IdentifierField
          value={identifier}
          onChange={setIdentifier}
          hint={t('login.identifierHint')}
        />
        <Button type="submit" disabled={requestOtp.isPending || locked}>
          {t('login.sendOtp')}
        </Button>
      </form>
    );
  }

  const destination = sentTo.email ?? sentTo.mobile ?? '';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-2">
        <Button
          variant="ghost"
          size="icon"
          onClick={backToEntry}
          aria-label={t('login.changeIdentifier')}
          disabled={locked}
        >
          <ArrowLeftIcon />
        </Button>
        <p className="pt-2.5 text-ink">{t('login.codeSentTo', { destination })}</p>
      </div>
      <form onSubmit={verify} noValidate className="flex flex-col gap-4">
        <OtpInput
          label={t('login.otpLabel')}
          value={otp}
          onChange={setOtp}
          length={OTP_LENGTH}
          disabled={locked}
          autoFocus
        />
        <Button type="submit" disabled={otp.length !== OTP_LENGTH || verifyOtp.isPending || locked}>
          {t('login.verify')}
        </Button>
      </form>
      <p className="text-center text-ink-muted">
        {t('login.noCode')}{' '}
        <button
          type="button"
          onClick={resend}
          disabled={cooldown.secondsLeft > 0 || requestOtp.isPending || locked}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 disabled:cursor-not-allowed disabled:text-ink-muted disabled:no-underline"
        >
          {t('login.resendOtp')}
        </button>
        {cooldown.secondsLeft > 0 ? (
          <span className="block text-sm">
            {t('login.resendIn', { seconds: cooldown.secondsLeft })}
          </span>
        ) : null}
      </p>
    </div>
  );
}
