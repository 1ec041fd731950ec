import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { OTP_LENGTH } from '@exhale/contract/limits';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/loader';
import { OtpInput } from '../../../components/ui/otp-input';
import { handleApiError } from '../../../lib/api';
import { authStore } from '../../../lib/auth-store';
import { removeItem, setWhatsappHide, setWhatsappToken, storageKeys } from '../../../lib/storage';
import { notify } from '../../../lib/toast';
import { profileQueryKey } from '../../../lib/use-profile';
import { useWhatsappCheck, useWhatsappVerify } from '../api';

/** Spec §9: a WhatsApp number has 10 digits. */
export const WHATSAPP_NUMBER_LENGTH = 10;

type Stage = 'ask' | 'number' | 'otp';

const digitsOnly = (text: string) => text.replace(/[^0-9]/g, '').slice(0, WHATSAPP_NUMBER_LENGTH);

/**
 * The WhatsApp prompt's dialog (spec §2, §4): ask, send a code, verify it. 'Yes' to the number
 * the member signed up with sends the code to it at once; only 'No' asks for another number.
 * `onDismiss` is closing it without an answer. `WhatsappPrompt` decides whether it shows and
 * loads this code only then.
 */
export function WhatsappFlow({
  mobile,
  onDone,
  onDismiss,
}: {
  mobile: string;
  onDone: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [stage, setStage] = useState<Stage>('ask');
  const [number, setNumber] = useState('');
  const [otp, setOtp] = useState('');
  const check = useWhatsappCheck();
  const verify = useWhatsappVerify();

  const sendCode = (onSent?: () => void, to = number, onFailed?: () => void) => {
    check.mutate(to, {
      onSuccess: (response) => {
        setWhatsappToken(response.data.token);
        notify.success(t('whatsapp.otpSent'));
        onSent?.();
      },
      onError: (error) => {
        handleApiError(error, 'common.genericError');
        onFailed?.();
      },
    });
  };

  const onUpdate = (event: FormEvent) => {
    event.preventDefault();
    if (number.length !== WHATSAPP_NUMBER_LENGTH || check.isPending) return;
    sendCode(() => {
      setOtp('');
      setStage('otp');
    });
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (otp.length !== OTP_LENGTH || verify.isPending) return;
    verify.mutate(
      { whatsapp_no: number, otp },
      {
        onSuccess: (response) => {
          // The narrower token would keep shadowing the session in the bearer order.
          removeItem(storageKeys.whatsappToken);
          authStore.setUser(response.data);
          queryClient.setQueryData(profileQueryKey, response.data);
          notify.success(t('whatsapp.verified'));
          onDone();
        },
        onError: (error) => handleApiError(error, 'common.genericError'),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <DialogContent
        title={t('whatsapp.title')}
        description={
          stage === 'ask'
            ? mobile
              ? t('whatsapp.askWithNumber', { mobile })
              : t('whatsapp.ask')
            : stage === 'number'
              ? t('whatsapp.enterNumber')
              : t('whatsapp.enterOtp', { number })
        }
      >
        {stage === 'ask' ? (
          <div className="mt-6 flex flex-col gap-3">
            <div className="flex gap-3">
              <Button
                className="flex-1"
                disabled={check.isPending}
                onClick={() => {
                  const known = digitsOnly(mobile);
                  setNumber(known);
                  // The number is known: straight to the code (the number step if sending fails).
                  if (known.length !== WHATSAPP_NUMBER_LENGTH) setStage('number');
                  else
                    sendCode(
                      () => {
                        setOtp('');
                        setStage('otp');
                      },
                      known,
                      () => setStage('number'),
                    );
                }}
              >
                {check.isPending ? <Spinner className="size-5 text-white" /> : null}
                {t('whatsapp.yes')}
              </Button>
              <Button
                variant="secondary"
                className="flex-1"
                onClick={() => {
                  setNumber('');
                  setStage('number');
                }}
              >
                {t('whatsapp.no')}
              </Button>
            </div>
            <Button
              variant="ghost"
              onClick={() => {
                setWhatsappHide(true);
                onDone();
              }}
            >
              {t('whatsapp.skip')}
            </Button>
          </div>
        ) : stage === 'number' ? (
          <form onSubmit={onUpdate} className="mt-6 flex flex-col gap-4" noValidate>
            <div className="flex flex-col gap-1">
              <label htmlFor={inputId} className="font-medium text-ink">
                {t('whatsapp.numberLabel')}
              </label>
              <input
                id={inputId}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={WHATSAPP_NUMBER_LENGTH}
                value={number}
                onChange={(event) => setNumber(digitsOnly(event.target.value))}
                className={inputClasses}
                autoFocus
              />
            </div>
            <Button
              type="submit"
              disabled={number.length !== WHATSAPP_NUMBER_LENGTH || check.isPending}
            >
              {check.isPending ? <Spinner className="size-5 text-white" /> : null}
              {t('whatsapp.update')}
            </Button>
          </form>
        ) : (
          <form onSubmit={onVerify} className="mt-6 flex flex-col gap-4" noValidate>
            <OtpInput
              label={t('whatsapp.otpLabel')}
              value={otp}
              onChange={setOtp}
              length={OTP_LENGTH}
              autoFocus
            />
            <div className="flex justify-center">
              <Button
                variant="ghost"
                size="sm"
                disabled={check.isPending}
                onClick={() => sendCode(() => setOtp(''))}
                className="underline"
              >
                {t('whatsapp.resend')}
              </Button>
            </div>
            <Button type="submit" disabled={otp.length !== OTP_LENGTH || verify.isPending}>
              {verify.isPending ? <Spinner className="size-5 text-white" /> : null}
              {t('whatsapp.verify')}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
