import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LANGUAGES } from '@exhale/contract/languages';
import { messagingPreferencesRequestSchema } from '@exhale/contract/messaging';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/loader';
import { handleApiError } from '../../../lib/api';
import { toastValidationMessages } from '../../../lib/form-errors';
import { serverText, translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import {
  useMessagingPreferences,
  useSaveMessagingPreferences,
  type MessagingPreferences,
} from '../api';
import { MobileVerification } from './mobile-verification';

type FormInput = z.input<typeof messagingPreferencesRequestSchema>;
type FormOutput = z.output<typeof messagingPreferencesRequestSchema>;

// Chromium matches :read-only on every <select>; the input look's read-only tint must not apply.
const selectClasses = inputClasses
  .split(' ')
  .filter((c) => !c.startsWith('read-only:'))
  .join(' ');

function PreferencesForm({ current }: { current: MessagingPreferences }) {
  const { t } = useTranslation();
  const save = useSaveMessagingPreferences();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(messagingPreferencesRequestSchema),
    defaultValues: {
      channel: current.channel,
      send_at: current.send_at,
      language: current.language,
    },
  });
  useEffect(() => {
    reset({ channel: current.channel, send_at: current.send_at, language: current.language });
  }, [current.channel, current.send_at, current.language, reset]);

  const submit = (form: FormOutput) =>
    save.mutate(
      { channel: form.channel, send_at: form.send_at, language: form.language, opted_out: false },
      {
        onSuccess: (response) =>
          notify.success(serverText(response.message, 'messagingPreferences.saved')),
        onError: (error) => handleApiError(error, 'messagingPreferences.saveError'),
      },
    );
  const invalid = (fields: FieldErrors<FormInput>) =>
    toastValidationMessages([fields.channel?.message, fields.send_at?.message]);
  const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);
  // The number's verify step belongs to SMS: it appears once SMS is chosen, not to a member who
  // wants no messages or another channel.
  const smsChosen = watch('channel') === 'sms';

  return (
    <form noValidate onSubmit={handleSubmit(submit, invalid)} className="flex flex-col gap-4 py-5">
      {current.opted_out ? (
        <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink">
          <p className="font-semibold">{t('messagingPreferences.optedOutTitle')}</p>
          <p className="mt-1 text-sm">{t('messagingPreferences.optedOutBody')}</p>
        </div>
      ) : null}
      <Field
        label={t('messagingPreferences.channel')}
        hint={
          [
            current.whatsapp_available ? '' : t('messagingPreferences.whatsappHint'),
            current.push_available ? '' : t('messagingPreferences.pushHint'),
            current.mobile ? '' : t('mobileVerification.noMobile'),
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
        error={message(errors.channel?.message)}
      >
        {(control) => (
          <select {...control} {...register('channel')} className={selectClasses}>
            <option value="whatsapp" disabled={!current.whatsapp_available}>
              {t('messagingPreferences.channels.whatsapp')}
            </option>
            {/* Offered with any mobile number: choosing it opens the verify step below, and the
                server refuses to save SMS until the number is verified (decision 078). */}
            <option value="sms" disabled={!current.mobile}>
              {t('messagingPreferences.channels.sms')}
            </option>
            <option value="push" disabled={!current.push_available}>
              {t('messagingPreferences.channels.push')}
            </option>
            <option value="none">{t('messagingPreferences.channels.none')}</option>
          </select>
        )}
      </Field>
      {smsChosen ? <MobileVerification current={current} /> : null}
      <Field
        label={t('messagingPreferences.sendAt')}
        hint={t('messagingPreferences.sendAtHint')}
        error={message(errors.send_at?.message)}
      >
        {(control) => (
          <input
            {...control}
            {...register('send_at')}
            type="time"
            min="07:00"
            max="21:00"
            step={60}
            className={inputClasses}
          />
        )}
      </Field>
      <Field label={t('messagingPreferences.language')}>
        {(control) => (
          <select {...control} {...register('language')} className={selectClasses}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`messagingPreferences.languages.${language}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {current.opted_out
            ? t('messagingPreferences.startAgain')
            : t('messagingPreferences.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The programme's daily messages on the notification settings page: channel (WhatsApp with a
 * verified number, SMS to the mobile, or none), an IST time from 07:00 to 21:00, the language,
 * and after a STOP reply a way back in.
 */
export function MessagingPreferencesSection({
  hasQuitPlan,
}: {
  /** Whether the member set a quit date (undefined while unknown): only without one are they told to. */
  hasQuitPlan?: boolean;
}) {
  const { t } = useTranslation();
  const preferences = useMessagingPreferences();
  return (
    <section
      aria-labelledby="messaging-preferences-title"
      className="rounded-2xl border border-slate-200 bg-white px-5 shadow-sm"
    >
      <h2 id="messaging-preferences-title" className="pt-5 text-xl font-bold text-brand-900">
        {t('messagingPreferences.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('messagingPreferences.lead')}</p>
      {hasQuitPlan === false ? (
        <p className="mt-1 text-sm text-ink-muted">
          {t('messagingPreferences.needQuitDate')}{' '}
          <Link to="/quit-plan" className="font-semibold text-brand-800 underline">
            {t('messagingPreferences.quitPlanLink')}
          </Link>
        </p>
      ) : null}
      {preferences.isPending ? (
        <div role="status" className="flex items-center gap-3 py-6 text-ink-muted">
          <Spinner className="size-6" />
          {t('messagingPreferences.loading')}
        </div>
      ) : preferences.isError ? (
        <p role="alert" className="py-6 text-ink">
          {t('messagingPreferences.loadError')}
        </p>
      ) : (
        <PreferencesForm current={preferences.data} />
      )}
    </section>
  );
}
