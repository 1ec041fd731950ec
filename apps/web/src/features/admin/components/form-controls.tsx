import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { Field, inputClasses } from '../../../components/ui/field';

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
