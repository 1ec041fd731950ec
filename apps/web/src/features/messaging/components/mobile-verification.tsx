import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@exhale/contract/auth';
import { Button } from '../../../components/ui/button';
import { OtpInput } from '../../../components/ui/otp-input';
import { handleApiError } from '../../../lib/api';
import { serverText } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useSendMobileCode, useVerifyMobileCode, type MessagingPreferences } from '../api';

/**
 * SMS goes only to a mobile number a code proved (decision 078): the number's state, and for an
 * unproved one the verify step (send a code by SMS, enter it).
 */
export function MobileVerification({
  current,
}: {
  current: Pick<MessagingPreferences, 'mobile' | 'mobile_verified'>;
}) {
  const { t } = useTranslation();
  const send = useSendMobileCode();
  const verify = useVerifyMobileCode();
  const [sent, setSent] = useState(false);
  const [otp, setOtp] = useState('');

  if (!current.mobile) {
    return <p className="text-sm text-ink-muted">{t('mobileVerification.noMobile')}</p>;
  }
  if (current.mobile_verified) {
    return (
      <p role="status" className="text-sm font-semibold text-brand-800">
        {t('mobileVerification.verified', { mobile: current.mobile })}
      </p>
    );
  }

  const sendCode = () =>
    send.mutate(undefined, {
      onSuccess: (response) => {
        notify.success(serverText(response.message, 'mobileVerification.codeSent'));
        setSent(true);
        setOtp('');
      },
      onError: (error) => handleApiError(error, 'mobileVerification.sendError'),
    });

  const submit = () => {
    if (otp.length !== OTP_LENGTH || verify.isPending) return;
    verify.mutate(otp, {
      onSuccess: (response) => {
        notify.success(serverText(response.message, 'mobileVerification.verifiedToast'));
        setSent(false);
        setOtp('');
      },
      onError: (error) => {
        handleApiError(error, 'common.genericError');
        setOtp('');
      },
    });
  };

  const verifyOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  return (
    <div
      role="group"
      aria-labelledby="mobile-verification-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <p id="mobile-verification-title" className="font-semibold text-ink">
        {t('mobileVerification.title')}
      </p>
      <p className="text-sm text-ink">
        {t('mobileVerification.explain', { mobile: current.mobile })}
      </p>
      {sent ? (
        // Not a <form>: the step sits inside the settings form, and forms do not nest. Enter in
        // the code verifies it instead of saving the settings.
        <div className="flex flex-col gap-3" onKeyDown={verifyOnEnter}>
          <OtpInput
            label={t('mobileVerification.codeLabel')}
            value={otp}
            onChange={setOtp}
            length={OTP_LENGTH}
            autoFocus
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              onClick={submit}
              disabled={otp.length !== OTP_LENGTH || verify.isPending}
            >
              {t('mobileVerification.verify')}
            </Button>
            <Button type="button" variant="ghost" onClick={sendCode} disabled={send.isPending}>
              {t('mobileVerification.resend')}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button type="button" onClick={sendCode} disabled={send.isPending}>
            {t('mobileVerification.send')}
          </Button>
        </div>
      )}
    </div>
  );
}
