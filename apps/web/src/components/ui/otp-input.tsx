import clsx from 'clsx';
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface OtpInputProps {
  /** The digits entered so far, left to right without gaps. */
  value: string;
  onChange: (value: string) => void;
  /** Called once every slot holds a digit. */
  onComplete?: (value: string) => void;
  /** Names the group of slots for screen readers, e.g. "One-time code". */
  label: string;
  length?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
}

const onlyDigits = (text: string) => text.replace(/[^0-9]/g, '');

/**
 * One box per digit. Entry stays left to right without gaps: focusing a slot past the first empty
 * one moves to that empty one. A pasted (or autofilled) code spreads over the slots, a whole code
 * fills all of them, and Backspace on an empty slot clears the one before it.
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  label,
  length = 6,
  disabled,
  autoFocus,
  className,
}: OtpInputProps) {
  const { t } = useTranslation();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = onlyDigits(value).slice(0, length);
  // Focus moves before the parent re-renders with the new value; the focus handler must judge
  // "past the first empty slot" by what was just entered, not by the previous render.
  const entered = useRef(digits);
  useEffect(() => {
    entered.current = digits;
  }, [digits]);

  const focusSlot = (index: number) => {
    const slot = inputs.current[Math.max(0, Math.min(index, length - 1))];
    slot?.focus();
    slot?.select();
  };

  const commit = (next: string, focusIndex: number) => {
    const clean = onlyDigits(next).slice(0, length);
    entered.current = clean;
    if (clean !== digits) onChange(clean);
    focusSlot(focusIndex);
    if (clean.length === length && clean !== digits) onComplete?.(clean);
  };

  // Text arriving at a slot: one typed digit, or several (paste, SMS autofill). A full code
  // replaces everything wherever it lands; a shorter run continues from this slot.
  const enter = (index: number, text: string) => {
    const incoming = onlyDigits(text);
    if (incoming === '') return;
    const next =
      incoming.length >= length
        ? incoming.slice(0, length)
        : (digits.slice(0, index) + incoming + digits.slice(index + incoming.length)).slice(
            0,
            length,
          );
    commit(next, Math.min(index + incoming.length, length - 1));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (index < digits.length) commit(digits.slice(0, index) + digits.slice(index + 1), index);
      else if (index > 0) commit(digits.slice(0, index - 1), index - 1);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      commit(digits.slice(0, index) + digits.slice(index + 1), index);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusSlot(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusSlot(Math.min(index + 1, digits.length));
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    enter(index, event.clipboardData.getData('text'));
  };

  return (
    <div
      role="group"
      aria-label={label}
      className={clsx('flex justify-center gap-1.5 sm:gap-2', className)}
    >
      {Array.from({ length }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          value={digits[index] ?? ''}
          onChange={(event) => {
            const typed = event.target.value;
            const previous = digits[index] ?? '';
            // With the old digit still in the box the browser appends; keep only the new one.
            const text =
              previous && typed.length === 2 && typed.includes(previous)
                ? typed.replace(previous, '') || previous
                : typed;
            enter(index, text);
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => {
            if (index > entered.current.length) focusSlot(entered.current.length);
            else event.target.select();
          }}
          aria-label={t('otp.digit', { index: index + 1, count: length })}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          // min-w-0 lets the slots shrink below their full width, so six of them fit a 320 px
          // phone inside a padded card instead of running out of it.
          className="size-12 min-w-0 rounded-lg border border-slate-500 bg-white text-center text-xl font-semibold text-ink disabled:bg-slate-100 sm:size-14"
        />
      ))}
    </div>
  );
}
