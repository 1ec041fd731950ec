import clsx from 'clsx';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { handleApiError, isApiErrorBody } from '../../../lib/api';
import { notify } from '../../../lib/toast';

type InputProps = Omit<ComponentProps<'input'>, 'onChange' | 'value' | 'id'>;

export function TextField({
  label,
  hint,
  error,
  value,
  onChange,
  className,
  ...input
}: InputProps & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          {...control}
          {...input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClasses}
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  value,
  onChange,
  rows = 4,
  className,
  ...rest
}: Omit<ComponentProps<'textarea'>, 'onChange' | 'value' | 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          {...control}
          {...rest}
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClasses}
        />
      )}
    </Field>
  );
}

export function SelectField<T extends string>({
  label,
  hint,
  error,
  value,
  options,
  onChange,
  className,
  required,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          required={required}
          value={value}
          onChange={(event) => onChange(event.target.value as T)}
          className={inputClasses}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={clsx('inline-flex min-h-11 items-center gap-2 font-medium', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-brand-700"
      />
      {label}
    </label>
  );
}

/**
 * The server's field errors of a failed save, by path ('title', 'exercises.0.time'), beside a
 * toast of its message; `clear` when the form changes or is saved again.
 */
export function useServerErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    of: (path: string) => errors[path] ?? null,
    clear: () => setErrors({}),
    fail: (error: unknown) => {
      handleApiError(error, 'common.genericError');
      const next: Record<string, string> = {};
      if (isApiErrorBody(error)) {
        for (const item of error.errors ?? []) next[item.path] ??= item.message;
      }
      setErrors(next);
    },
  };
}

/**
 * A form's options for `mutate`: once saved, toast `message` and go on with `then` (close the
 * dialog, leave the page…); on failure, show the server's errors (see useServerErrors).
 */
export function saveHandlers(
  errors: { fail: (error: unknown) => void },
  message: string,
  then: () => void,
) {
  return {
    onSuccess: () => {
      notify.success(message);
      then();
    },
    onError: errors.fail,
  };
}

/** Errors the form has no field for, listed at its end so none goes unseen. */
export function OtherErrors({
  errors,
  shown,
}: {
  errors: Record<string, string>;
  /** Fields shown beside their control: a name (its sub-paths too) or a pattern. */
  shown: readonly (string | RegExp)[];
}) {
  const rest = Object.entries(errors).filter(
    ([path]) =>
      !shown.some((field) =>
        typeof field === 'string'
          ? path === field || path.startsWith(`${field}.`)
          : field.test(path),
      ),
  );
  if (rest.length === 0) return null;
  return (
    <ul role="alert" className="list-disc pl-5 text-sm font-medium text-red-700">
      {rest.map(([path, message]) => (
        <li key={path}>
          {path ? `${path}: ` : ''}
          {message}
        </li>
      ))}
    </ul>
  );
}

/**
 * The end of an editing form: the errors it has no field for, then its Save button (disabled
 * and saying so while the save is pending) and any further actions beside it.
 */
export function FormFooter({
  errors,
  shown,
  pending,
  className,
  children,
}: {
  errors: Record<string, string>;
  /** As for OtherErrors: the fields whose errors stand beside their control. */
  shown: readonly (string | RegExp)[];
  pending: boolean;
  /** Of the row that holds the buttons, e.g. 'sm:col-span-2' in a two-column form. */
  className?: string;
  /** Actions after Save, such as a Cancel link. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <OtherErrors errors={errors} shown={shown} />
      <div className={className}>
        <Button type="submit" disabled={pending}>
          {pending ? t('common.saving') : t('common.save')}
        </Button>
        {children}
      </div>
    </>
  );
}

/** '' → null, anything else → a number (NaN stays, for the server to refuse with a message). */
export const numberOrNull = (text: string): number | null =>
  text.trim() === '' ? null : Number(text);
