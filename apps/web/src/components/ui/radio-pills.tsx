import { useId } from 'react';
import clsx from 'clsx';

export interface PillOption {
  /** Unique within the group; what `value` and `onValueChange` speak. */
  value: string;
  label: string;
}

export interface RadioPillsProps {
  options: readonly PillOption[];
  value: string | null;
  onValueChange: (value: string) => void;
  /** Id of the element that states the question. */
  labelledBy: string;
  /** Marks the group when the form was submitted with it unanswered. */
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A single-choice question answered with pill-shaped options (SIM test, exercise scales, check-ins).
 * Native radio buttons sharing a name: Tab reaches the group, arrow keys move between options and
 * choose them, without script. Each radio covers its pill, so a tap anywhere on it chooses it.
 *
 * Not Radix's RadioGroup (decision 071): inside a form it mounts a hidden input per option and
 * measures each pill in a layout effect, a forced style and layout of the whole page in the middle
 * of React's commit (20-40 ms on a slow machine, on the dashboard's check-in card).
 */
export function RadioPills({
  options,
  value,
  onValueChange,
  labelledBy,
  invalid,
  disabled,
  className,
}: RadioPillsProps) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-disabled={disabled || undefined}
      className={clsx('flex flex-wrap gap-2', className)}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className="relative inline-flex min-h-11 items-center justify-center rounded-full border-2 border-brand-700 bg-white px-4 py-1.5 text-sm font-medium text-brand-900 transition-colors hover:bg-brand-50 has-checked:bg-brand-700 has-checked:text-white has-disabled:cursor-not-allowed has-disabled:opacity-60 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 sm:text-base"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onValueChange(option.value)}
            disabled={disabled}
            className="absolute inset-0 cursor-pointer appearance-none rounded-full outline-none disabled:cursor-not-allowed"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
