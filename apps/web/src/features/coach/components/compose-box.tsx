import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { COACH_LIMITS, coachMessageRequestSchema } from '@exhale/contract/coach';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { handleApiError } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useSendCoachMessage } from '../api';

type MessageInput = z.input<typeof coachMessageRequestSchema>;
type MessageOutput = z.output<typeof coachMessageRequestSchema>;

/**
 * The member's message box: 1–2,000 characters with a running count, checked with the contract's
 * schema. The client_id is made once per message, so a retried send is stored once; offline the
 * message waits on the phone and is sent later (decision 055).
 */
export function ComposeBox() {
  const { t } = useTranslation('coach');
  const id = useId();
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const send = useSendCoachMessage();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<MessageInput, unknown, MessageOutput>({
    resolver: zodResolver(coachMessageRequestSchema),
    defaultValues: { text: '' },
  });
  const length = (watch('text') ?? '').length;
  const error = errors.text?.message ? translateMessage(errors.text.message) : null;
  const number = (value: number) => value.toLocaleString(currentLocale());

  const onValid = (form: MessageOutput) =>
    send.mutate(
      { text: form.text, client_id: clientId },
      {
        onSuccess: (result) => {
          if (result.queued) notify.info(t('compose.savedOnPhone'));
          reset({ text: '' });
          setClientId(crypto.randomUUID());
        },
        onError: (failure) => handleApiError(failure, 'coach:compose.error'),
      },
    );

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="flex flex-col gap-2">
      <label htmlFor={`${id}-text`} className="font-semibold text-ink">
        {t('compose.label')}
      </label>
      <textarea
        id={`${id}-text`}
        rows={4}
        maxLength={COACH_LIMITS.textMaxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-count`, error ? `${id}-error` : ''].join(' ').trim()}
        className={inputClasses}
        {...register('text')}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={`${id}-count`} className="text-sm text-ink-muted tabular-nums">
          {t('compose.count', {
            used: number(length),
            max: number(COACH_LIMITS.textMaxLength),
          })}
        </p>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('compose.sending') : t('compose.send')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
