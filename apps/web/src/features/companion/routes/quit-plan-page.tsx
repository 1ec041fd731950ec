import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { istDateString } from '@exhale/contract/ist';
import { formatRupees } from '@exhale/contract/money';
import {
  QUIT_PLAN_LIMITS,
  SMOKELESS_TOBACCO_TYPES,
  TOBACCO_DEFAULTS,
  type QuitPlanRequest,
} from '@exhale/contract/quit-plan';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { PageLoader } from '../../../components/ui/loader';
import { handleApiError } from '../../../lib/api';
import { toastValidationMessages } from '../../../lib/form-errors';
import { PageMeta } from '../../../lib/head';
import { translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useQuitPlan, useSaveQuitPlan, type QuitPlan } from '../api';
import {
  defaultCost,
  initialValues,
  quitDateWindow,
  quitPlanResolver,
  type QuitPlanFormValues,
} from '../quit-plan-form';

const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);

/** After saving: the dependence test that fits what the member uses, and the progress page. */
function SavedPanel({ plan }: { plan: QuitPlan }) {
  const { t } = useTranslation('companion');
  const smokeless = plan.tobacco.every((item) => SMOKELESS_TOBACCO_TYPES.includes(item.type));
  return (
    <section
      role="status"
      aria-labelledby="plan-saved-title"
      className="flex flex-col items-start gap-3 rounded-2xl border border-brand-300 bg-brand-50 p-5"
    >
      <h2 id="plan-saved-title" className="text-xl font-bold text-brand-900">
        {t('plan.savedTitle')}
      </h2>
      <p>{t('plan.savedBody')}</p>
      <div className="flex flex-wrap gap-3">
        <Link
          to={`/dependence-test?variant=${smokeless ? 'smokeless' : 'smoking'}`}
          className={buttonClasses()}
        >
          {t('plan.takeTest')}
        </Link>
        <Link to="/progress" className={buttonClasses({ variant: 'secondary' })}>
          {t('plan.seeProgress')}
        </Link>
      </div>
    </section>
  );
}

function QuitPlanForm({
  plan,
  onSaved,
}: {
  plan: QuitPlan | null;
  onSaved: (plan: QuitPlan) => void;
}) {
  const { t } = useTranslation('companion');
  const today = useMemo(() => istDateString(new Date()), []);
  const window = quitDateWindow(today);
  const save = useSaveQuitPlan();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<QuitPlanFormValues, unknown, QuitPlanRequest>({
    resolver: quitPlanResolver(today),
    defaultValues: initialValues(plan, today),
  });
  const reasons = useFieldArray({ control, name: 'reasons' });
  const rows = watch('tobacco');

  const onValid = (request: QuitPlanRequest) =>
    save.mutate(request, {
      onSuccess: (saved) => {
        notify.success(t('plan.saved'));
        onSaved(saved);
      },
      onError: (error) => handleApiError(error, 'companion:plan.error'),
    });
  const onInvalid = (invalid: FieldErrors<QuitPlanFormValues>) =>
    toastValidationMessages([
      invalid.quit_date?.message,
      invalid.tobacco?.root?.message,
      ...(Array.isArray(invalid.tobacco) ? invalid.tobacco : []).flatMap((row) => [
        row?.per_day?.message,
        row?.cost_per_day?.message,
      ]),
      invalid.reasons?.root?.message,
      ...(Array.isArray(invalid.reasons) ? invalid.reasons : []).map((row) => row?.text?.message),
    ]);

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="flex flex-col gap-6">
      <Field
        label={t('plan.dateLabel')}
        hint={t('plan.dateHint')}
        error={message(errors.quit_date?.message)}
      >
        {(controlProps) => (
          <input
            {...controlProps}
            {...register('quit_date')}
            type="date"
            min={window.min}
            max={window.max}
            className={`${inputClasses} max-w-xs`}
          />
        )}
      </Field>

      <fieldset className="flex flex-col gap-3" aria-describedby="tobacco-hint">
        <legend className="text-lg font-bold text-ink">{t('plan.tobaccoTitle')}</legend>
        <p id="tobacco-hint" className="text-sm text-ink-muted">
          {t('plan.tobaccoHint')}
        </p>
        {errors.tobacco?.root?.message ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {message(errors.tobacco.root.message)}
          </p>
        ) : null}
        {rows.map((row, index) => {
          const unit = t(`units.${row.type}`);
          const rowErrors = Array.isArray(errors.tobacco) ? errors.tobacco[index] : undefined;
          return (
            <div
              key={row.type}
              className="flex flex-col gap-3 rounded-xl border border-slate-300 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/40"
            >
              <label className="flex min-h-11 items-center gap-3 font-semibold">
                <input
                  type="checkbox"
                  {...register(`tobacco.${index}.selected`)}
                  className="size-5 accent-brand-700"
                />
                {t(`tobacco.${row.type}`)}
              </label>
              {row.selected ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    label={t('plan.perDay', { unit })}
                    error={message(rowErrors?.per_day?.message)}
                  >
                    {(controlProps) => (
                      <input
                        {...controlProps}
                        {...register(`tobacco.${index}.per_day`, {
                          valueAsNumber: true,
                          onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                            // The cost follows the count until the member types their own.
                            const perDay = Number(event.target.value);
                            if (
                              Number.isFinite(perDay) &&
                              !getFieldState(`tobacco.${index}.cost_per_day`).isDirty
                            ) {
                              setValue(
                                `tobacco.${index}.cost_per_day`,
                                defaultCost(row.type, perDay),
                              );
                            }
                          },
                        })}
                        type="number"
                        inputMode="numeric"
                        min={QUIT_PLAN_LIMITS.perDayMin}
                        max={QUIT_PLAN_LIMITS.perDayMax}
                        className={inputClasses}
                      />
                    )}
                  </Field>
                  <Field
                    label={t('plan.costPerDay')}
                    hint={t('plan.costHint', {
                      price: formatRupees(TOBACCO_DEFAULTS[row.type].unit_cost_paise),
                      unit: t(`unitOne.${row.type}`),
                    })}
                    error={message(rowErrors?.cost_per_day?.message)}
                  >
                    {(controlProps) => (
                      <input
                        {...controlProps}
                        {...register(`tobacco.${index}.cost_per_day`, { valueAsNumber: true })}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={QUIT_PLAN_LIMITS.costPerDayMaxRupees}
                        step="0.01"
                        className={inputClasses}
                      />
                    )}
                  </Field>
                </div>
              ) : null}
            </div>
          );
        })}
      </fieldset>

      <fieldset className="flex flex-col gap-3" aria-describedby="reasons-hint">
        <legend className="text-lg font-bold text-ink">{t('plan.reasonsTitle')}</legend>
        <p id="reasons-hint" className="text-sm text-ink-muted">
          {t('plan.reasonsHint')}
        </p>
        {reasons.fields.map((field, index) => (
          <div key={field.id} className="flex items-end gap-2">
            <Field
              className="flex-1"
              label={t('plan.reason', { n: index + 1 })}
              error={message(
                Array.isArray(errors.reasons) ? errors.reasons[index]?.text?.message : undefined,
              )}
            >
              {(controlProps) => (
                <input
                  {...controlProps}
                  {...register(`reasons.${index}.text`)}
                  maxLength={QUIT_PLAN_LIMITS.reasonMaxLength}
                  className={inputClasses}
                />
              )}
            </Field>
            {reasons.fields.length > 1 ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('plan.removeReason', { n: index + 1 })}
                onClick={() => reasons.remove(index)}
              >
                <span aria-hidden="true">✕</span>
              </Button>
            ) : null}
          </div>
        ))}
        {reasons.fields.length < QUIT_PLAN_LIMITS.reasonsMax ? (
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => reasons.append({ text: '' })}
          >
            {t('plan.addReason')}
          </Button>
        ) : null}
      </fieldset>

      <p className="text-sm text-ink-muted">{t('plan.keepsLog')}</p>
      <Button type="submit" size="lg" className="self-start" disabled={save.isPending}>
        {t('plan.save')}
      </Button>
    </form>
  );
}

/** /quit-plan: quit date, what the member uses and at what cost, and their reasons. */
export function QuitPlanPage() {
  const { t } = useTranslation('companion');
  const plan = useQuitPlan();
  const [saved, setSaved] = useState<QuitPlan | null>(null);

  useEffect(() => {
    if (saved) document.getElementById('plan-saved-title')?.scrollIntoView({ block: 'center' });
  }, [saved]);

  return (
    <>
      <PageMeta title={t('pageMeta.quitPlanTitle')} />
      <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold text-brand-900">{t('plan.title')}</h1>
          <p className="text-lg text-ink">{t('plan.lead')}</p>
        </header>
        {saved ? <SavedPanel plan={saved} /> : null}
        {plan.isPending ? (
          <PageLoader />
        ) : plan.isError ? (
          <p role="alert" className="text-red-700">
            {t('progress.loadError')}
          </p>
        ) : (
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <QuitPlanForm plan={plan.data} onSaved={setSaved} />
          </div>
        )}
      </section>
    </>
  );
}
