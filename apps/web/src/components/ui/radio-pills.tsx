import clsx from 'clsx';
import { RadioGroup } from 'radix-ui';

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
 * A single-choice question answered with pill-shaped options (SIM test, exercise scales). A radio
 * group underneath: Tab reaches the group, arrow keys move between options and choose them.
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
  return (
    <RadioGroup.Root
      value={value ?? ''}
      onValueChange={onValueChange}
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      className={clsx('flex flex-wrap gap-2', className)}
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className="min-h-11 rounded-full border-2 border-brand-700 bg-white px-4 py-1.5 text-sm font-medium text-brand-900 transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white sm:text-base"
        >
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
