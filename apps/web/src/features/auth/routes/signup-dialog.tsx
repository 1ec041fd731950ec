import type { ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  filterAge,
  genderSchema,
  GENDERS,
  MOBILE_LENGTH,
  missingSignupInputs,
  SIGNUP_FIELDS,
  signupAgeSchema,
  signupEmailSchema,
  signupMobileSchema,
  signupNameSchema,
  signupPasswordSchema,
  stripSpaces,
} from '@exhale/contract/auth';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { handleApiError } from '../../../lib/api';
import { toastValidationMessages } from '../../../lib/form-errors';
import { getFirstEvent } from '../../../lib/storage';
import { notify } from '../../../lib/toast';
import { useRegister, type RegisterBody } from '../api';
import { AuthDialog } from '../components/auth-dialog';
import { useFinishSignIn } from '../use-finish-sign-in';

/** The six inputs with the contract's signup rules and messages (the API checks the same). */
const signupFormSchema = z.object({
  name: signupNameSchema,
  email: signupEmailSchema,
  mobile: signupMobileSchema,
  age: signupAgeSchema,
  password: signupPasswordSchema,
  gender: genderSchema,
});
type SignupInput = z.input<typeof signupFormSchema>;
type SignupOutput = z.output<typeof signupFormSchema>;

const onlyDigits = (value: string) => value.replace(/[^0-9]/g, '').slice(0, MOBILE_LENGTH);

/**
 * Rewrites what was typed before react-hook-form reads it (spec §5 input filtering). The filters
 * also enforce the lengths: a maxLength attribute would cut a pasted "98765 43210" to ten
 * characters before the space could be removed.
 */
function filtered(registration: UseFormRegisterReturn, filter: (value: string) => string) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = filter(event.target.value);
      return registration.onChange(event);
    },
  };
}

/** The request's step: 1 with the landing test's points when that record exists, else 0. */
function stepFields(): Pick<RegisterBody, 'step' | 'total_points'> {
  const firstEvent = getFirstEvent();
  return firstEvent ? { step: 1, total_points: firstEvent.points } : { step: 0 };
}

/** /signup: the landing page with the registration dialog (spec §2, §5). */
export function SignupDialog() {
  const { t } = useTranslation();
  const registerAccount = useRegister();
  const { finish, done } = useFinishSignIn();
  const {
    register,
    handleSubmit,
    getValues,
    watch,
    formState: { errors },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver: zodResolver(signupFormSchema),
    mode: 'onChange',
    defaultValues: { name: '', email: '', mobile: '', age: '', password: '' },
  });
  const values = watch();

  // Spec §5: error text only while the field holds something and it is invalid.
  const inlineError = (field: keyof SignupInput) => {
    const value = values[field];
    return value !== undefined && value !== '' ? errors[field]?.message : undefined;
  };

  const onValid = (form: SignupOutput) => {
    const body: RegisterBody = {
      name: form.name,
      email: form.email,
      mobile: form.mobile,
      dob: form.age,
      password: form.password,
      gender: form.gender,
      ...stepFields(),
    };
    registerAccount.mutate(body, {
      onSuccess: (response) =>
        finish(
          response,
          response.step === 1 ? '/sim-test' : '/dashboard',
          'messages.REGISTER_SUCCESS',
        ),
      onError: (error) => handleApiError(error, 'messages.VALIDATION_ERROR'),
    });
  };

  // Spec §5: blank inputs first, as one toast naming them; otherwise every rule broken.
  const onInvalid = (fieldErrors: FieldErrors<SignupInput>) => {
    const current = getValues();
    const missing = missingSignupInputs({ ...current, age: String(current.age ?? '') });
    if (missing.length > 0) {
      const names = missing.map((field) => t(`signup.fieldNames.${field}`)).join(', ');
      notify.error(t('signup.missingInputs', { names }));
      return;
    }
    toastValidationMessages(SIGNUP_FIELDS.map((field) => fieldErrors[field]?.message));
  };

  return (
    <AuthDialog
      title={t('signup.title')}
      description={t('signup.description')}
      footer={
        <p className="text-ink-muted">
          {t('signup.haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-brand-800 underline underline-offset-2">
            {t('signup.signIn')}
          </Link>
        </p>
      }
    >
      <form
        onSubmit={handleSubmit(onValid, onInvalid)}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
      >
        <Field label={t('signup.name')} error={inlineError('name')}>
          {(control) => (
            <input
              {...control}
              {...register('name')}
              className={inputClasses}
              autoComplete="name"
            />
          )}
        </Field>
        <Field label={t('signup.email')} error={inlineError('email')}>
          {(control) => (
            <input
              {...control}
              {...filtered(register('email'), stripSpaces)}
              type="email"
              className={inputClasses}
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label={t('signup.mobile')} error={inlineError('mobile')}>
          {(control) => (
            <input
              {...control}
              {...filtered(register('mobile'), onlyDigits)}
              type="tel"
              inputMode="numeric"
              className={inputClasses}
              autoComplete="tel-national"
            />
          )}
        </Field>
        <Field label={t('signup.age')} error={inlineError('age')}>
          {(control) => (
            <input
              {...control}
              {...filtered(register('age'), filterAge)}
              inputMode="numeric"
              className={inputClasses}
            />
          )}
        </Field>
        <Field
          label={t('signup.password')}
          hint={t('signup.passwordHint')}
          error={inlineError('password')}
          className="sm:col-span-2"
        >
          {(control) => (
            <PasswordInput {...control} {...register('password')} autoComplete="new-password" />
          )}
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="font-medium text-ink">{t('signup.gender')}</legend>
          <div className="mt-1 flex gap-3">
            {GENDERS.map((gender) => (
              <label
                key={gender}
                className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-500 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
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
        <Button
          type="submit"
          className="sm:col-span-2"
          disabled={registerAccount.isPending || done}
        >
          {t('signup.submit')}
        </Button>
      </form>
    </AuthDialog>
  );
}
