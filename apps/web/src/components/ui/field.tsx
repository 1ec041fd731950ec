import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

/**
 * Shared look of text inputs. The border is slate-500 so the box itself keeps 3:1 against white
 * (WCAG 1.4.11); read-only fields are tinted so "not editable yet" is visible at a glance.
 */
export const inputClasses =
  'min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 read-only:border-slate-300 read-only:bg-slate-100 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-700';

/** What a field passes to its control so the label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control and announced with it; nothing is rendered when empty. */
  error?: string | null;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, the control it names, an optional hint and an optional error message. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
