import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { cravingCreateRequestSchema } from '@exhale/contract/cravings';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { RadioPills } from '../../../components/ui/radio-pills';
import { handleApiError } from '../../../lib/api';
import { toastValidationMessages } from '../../../lib/form-errors';
import { translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { TRIGGERS, useLogCraving, type LoggedCraving } from '../api';

type CravingInput = z.input<typeof cravingCreateRequestSchema>;
type CravingOutput = z.output<typeof cravingCreateRequestSchema>;

const INTENSITIES = ['1', '2', '3', '4', '5'] as const;

// Chromium matches :read-only on every <select>; the input look's read-only tint must not apply.
const selectClasses = inputClasses
  .split(' ')
  .filter((c) => !c.startsWith('read-only:'))
  .join(' ');

/**
 * 'Log this craving': how strong, what set it off, and whether it passed or ended in a slip. The
 * client_id is made once per form, so a retry after a lost answer is stored only once. Without a
 * network the craving is kept on the phone and sent later (decision 055).
 */
export function CravingForm({ onLogged }: { onLogged: (logged: LoggedCraving) => void }) {
  const { t } = useTranslation('companion');
  const id = useId();
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const log = useLogCraving();
  const {
    control,
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<CravingInput, unknown, CravingOutput>({
    resolver: zodResolver(cravingCreateRequestSchema),
    // The units field leaves the form's values when 'resisted' hides it.
    shouldUnregister: true,
    defaultValues: { note: '' },
  });
  const slipped = watch('outcome') === 'slipped';
  const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);

  const onValid = (form: CravingOutput) =>
    log.mutate(
      {
        intensity: form.intensity,
        trigger: form.trigger,
        outcome: form.outcome,
        ...(form.outcome === 'slipped' ? { units: form.units } : {}),
        ...(form.note ? { note: form.note } : {}),
        client_id: clientId,
      },
      {
        onSuccess: (logged) => {
          if (logged.queued) notify.info(t('offline.savedOnPhone'));
          else notify.success(t('log.saved'));
          reset();
          setClientId(crypto.randomUUID());
          onLogged(logged);
        },
        onError: (error) => handleApiError(error, 'companion:log.error'),
      },
    );
  const onInvalid = (invalid: FieldErrors<CravingInput>) =>
    toastValidationMessages(
      (['intensity', 'trigger', 'outcome', 'units'] as const).map((f) => invalid[f]?.message),
    );

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      className="flex flex-col gap-5"
      aria-label={t('log.title')}
    >
      <div className="flex flex-col gap-2">
        <p id={`${id}-intensity`} className="font-medium text-ink">
          {t('log.intensity')}
        </p>
        <Controller
          control={control}
          name="intensity"
          render={({ field }) => (
            <RadioPills
              labelledBy={`${id}-intensity`}
              options={INTENSITIES.map((value) => ({
                value,
                label: t(`log.intensities.${value}`),
              }))}
              value={field.value === undefined ? null : String(field.value)}
              onValueChange={(value) => field.onChange(Number(value))}
              invalid={Boolean(errors.intensity)}
            />
          )}
        />
        {errors.intensity ? (
          <p className="text-sm font-medium text-red-700">{message(errors.intensity.message)}</p>
        ) : null}
      </div>

      <Field label={t('log.trigger')} error={message(errors.trigger?.message)}>
        {(controlProps) => (
          <select
            {...controlProps}
            {...register('trigger')}
            className={selectClasses}
            defaultValue=""
          >
            <option value="" disabled>
              {t('log.chooseTrigger')}
            </option>
            {TRIGGERS.map((trigger) => (
              <option key={trigger} value={trigger}>
                {t(`triggers.${trigger}`)}
              </option>
            ))}
          </select>
        )}
      </Field>

      <div className="flex flex-col gap-2">
        <p id={`${id}-outcome`} className="font-medium text-ink">
          {t('log.outcome')}
        </p>
        <Controller
          control={control}
          name="outcome"
          render={({ field }) => (
            <RadioPills
              labelledBy={`${id}-outcome`}
              options={[
                { value: 'resisted', label: t('log.resisted') },
                { value: 'slipped', label: t('log.slipped') },
              ]}
              value={field.value ?? null}
              onValueChange={field.onChange}
              invalid={Boolean(errors.outcome)}
            />
          )}
        />
        {errors.outcome ? (
          <p className="text-sm font-medium text-red-700">{message(errors.outcome.message)}</p>
        ) : null}
      </div>

      {slipped ? (
        <Field
          label={t('log.units')}
          hint={t('log.unitsHint')}
          error={message(errors.units?.message)}
        >
          {(controlProps) => (
            <input
              {...controlProps}
              {...register('units', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              className={inputClasses}
            />
          )}
        </Field>
      ) : null}

      <Field label={t('log.note')} error={message(errors.note?.message)}>
        {(controlProps) => (
          <textarea {...controlProps} {...register('note')} rows={2} className={inputClasses} />
        )}
      </Field>

      <Button type="submit" disabled={log.isPending} className="self-start">
        {t('log.submit')}
      </Button>
    </form>
  );
}
