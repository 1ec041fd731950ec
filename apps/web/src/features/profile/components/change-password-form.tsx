import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeRequestSchema, stripSpaces } from '@exhale/contract/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { handleApiError } from '../../../lib/api';
import { toastValidationMessages } from '../../../lib/form-errors';
import { serverText } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useChangePassword, type PasswordChange } from '../api';

const FIELD_ORDER = ['currentPassword', 'newPassword', 'confirm'] as const;

/**
 * Change Password (spec §2/§5): three fields with show/hide toggles, checked with the contract's
 * three rules. The length hint is advice only: the spec does not enforce it.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { register, handleSubmit, reset } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });

  const onValid = (form: PasswordChange) =>
    change.mutate(form, {
      onSuccess: (response) => {
        notify.success(serverText(response.message, 'messages.PASSWORD_UPDATE_SUCCESS'));
        reset();
      },
      onError: (error) => handleApiError(error, 'common.genericError'),
    });

  const onInvalid = (errors: FieldErrors<PasswordChange>) =>
    toastValidationMessages(FIELD_ORDER.map((field) => errors[field]?.message));

  const fields = [
    {
      name: 'currentPassword',
      label: t('profile.currentPassword'),
      autoComplete: 'current-password',
    },
    { name: 'newPassword', label: t('profile.newPassword'), autoComplete: 'new-password' },
    { name: 'confirm', label: t('profile.confirmPassword'), autoComplete: 'new-password' },
  ] as const;

  return (
    <form
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      aria-labelledby="change-password-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="change-password-title" className="text-xl font-bold text-ink">
        {t('profile.changePassword')}
      </h2>
      <div className="mt-5 grid gap-4">
        {fields.map((field) => {
          const registration = register(field.name);
          return (
            <Field
              key={field.name}
              label={field.label}
              hint={field.name === 'newPassword' ? t('profile.passwordHint') : undefined}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  {...registration}
                  onChange={(event) => {
                    event.target.value = stripSpaces(event.target.value);
                    return registration.onChange(event);
                  }}
                  autoComplete={field.autoComplete}
                />
              )}
            </Field>
          );
        })}
      </div>
      <Button type="submit" className="mt-5" disabled={change.isPending}>
        {t('profile.updatePassword')}
      </Button>
    </form>
  );
}
