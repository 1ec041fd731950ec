import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  filterAge,
  GENDERS,
  MOBILE_LENGTH,
  profileUpdateRequestSchema,
  stripSpaces,
} from '@exhale/contract/auth';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { isApiErrorBody, handleApiError } from '../../../lib/api';
import { toastValidationMessages } from '../../../lib/form-errors';
import { serverText } from '../../../lib/messages';
import type { StoredUser } from '../../../lib/storage';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api';

type ProfileInput = z.input<typeof profileUpdateRequestSchema>;
type ProfileOutput = z.output<typeof profileUpdateRequestSchema>;
const FIELD_ORDER = ['name', 'email', 'mobile', 'dob', 'gender'] as const;

function formValues(user: StoredUser): ProfileInput {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    dob: user.dob === null || user.dob === undefined ? '' : String(user.dob),
    // Google sign-ups have no gender yet; the radios then start unchecked.
    gender: user.gender ?? (undefined as unknown as ProfileInput['gender']),
  };
}

function filtered(registration: UseFormRegisterReturn, filter: (value: string) => string) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = filter(event.target.value);
      return registration.onChange(event);
    },
  };
}

const digitsOnly = (value: string) => value.replace(/[^0-9]/g, '').slice(0, MOBILE_LENGTH);

/** Personal Information (spec §2/§4/§5): read-only until Edit, saved with Save. */
export function PersonalInfoForm({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const { register, handleSubmit, reset, setFocus } = useForm<ProfileInput, unknown, ProfileOutput>(
    {
      resolver: zodResolver(profileUpdateRequestSchema),
      defaultValues: formValues(user),
    },
  );

  // While not editing, the form mirrors the latest profile (a refresh may bring new data).
  useEffect(() => {
    if (!editing) reset(formValues(user));
  }, [user, editing, reset]);

  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);

  const onValid = (form: ProfileOutput) =>
    update.mutate(form, {
      onSuccess: (response) => {
        notify.success(serverText(response.message, 'messages.PROFILE_UPDATE_SUCCESS'));
        setEditing(false);
      },
      onError: (error) => {
        // A rule the server checks with the same schema keeps its message; anything else is the
        // spec's generic profile error.
        if (isApiErrorBody(error) && error.code === 'VALIDATION_ERROR') {
          handleApiError(error, 'messages.PROFILE_UPDATE_ERROR');
        } else {
          console.error('Profile update failed', error);
          notify.error(t('messages.PROFILE_UPDATE_ERROR'));
        }
      },
    });

  const onInvalid = (errors: FieldErrors<ProfileInput>) =>
    toastValidationMessages(FIELD_ORDER.map((field) => errors[field]?.message));

  const readOnly = !editing;
  return (
    <form
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      aria-labelledby="personal-info-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="personal-info-title" className="text-xl font-bold text-ink">
          {t('profile.personalInfo')}
        </h2>
        {editing ? (
          <Button key="save" type="submit" size="sm" disabled={update.isPending}>
            {t('profile.save')}
          </Button>
        ) : (
          <Button key="edit" size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </Button>
        )}
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <Field label={t('profile.name')}>
          {(control) => (
            <input
              {...control}
              {...register('name')}
              readOnly={readOnly}
              className={inputClasses}
              autoComplete="name"
            />
          )}
        </Field>
        <Field label={t('profile.email')}>
          {(control) => (
            <input
              {...control}
              {...filtered(register('email'), stripSpaces)}
              type="email"
              readOnly={readOnly}
              className={inputClasses}
              autoComplete="email"
            />
          )}
        </Field>
        <Field label={t('profile.phone')}>
          {(control) => (
            <input
              {...control}
              {...filtered(register('mobile'), digitsOnly)}
              type="tel"
              inputMode="numeric"
              readOnly={readOnly}
              className={inputClasses}
              autoComplete="tel-national"
            />
          )}
        </Field>
        <Field label={t('profile.age')}>
          {(control) => (
            <input
              {...control}
              {...filtered(register('dob'), filterAge)}
              inputMode="numeric"
              readOnly={readOnly}
              className={inputClasses}
            />
          )}
        </Field>
        <fieldset className="sm:col-span-2" disabled={readOnly}>
          <legend className="font-medium text-ink">{t('profile.gender')}</legend>
          <div className="mt-1 flex gap-3">
            {GENDERS.map((gender) => (
              <label
                key={gender}
                className="flex min-h-11 flex-1 items-center gap-2 rounded-lg border border-slate-500 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:border-slate-300"
              >
                <input
                  type="radio"
                  value={gender}
                  {...register('gender')}
                  className="size-4 accent-brand-700"
                />
                {t(`common.genders.${gender}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </form>
  );
}
