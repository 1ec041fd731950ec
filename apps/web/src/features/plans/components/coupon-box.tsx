import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUPON_CODE_LENGTH } from '@exhale/contract/money';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { CheckCircleIcon } from '../../../components/ui/icons';

export interface CouponBoxProps {
  /** The code of the coupon in use, if any. */
  appliedCode: string | null;
  applying: boolean;
  /** Why the last code was refused (the server's reason), shown under the input. */
  error: string | null;
  disabled?: boolean;
  onApply: (code: string) => void;
  /** The code changed or was removed: any applied coupon no longer holds. */
  onClear: () => void;
}

/**
 * Coupon entry (spec §5): at most 6 characters; the Apply button appears only when exactly 6 are
 * typed, because every code is 6 characters and a shorter one cannot be right.
 */
export function CouponBox({
  appliedCode,
  applying,
  error,
  disabled,
  onApply,
  onClear,
}: CouponBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState(appliedCode ?? '');
  const complete = code.length === COUPON_CODE_LENGTH;
  const applied = appliedCode !== null && appliedCode === code;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete && !applied && !applying) onApply(code);
      }}
    >
      <label htmlFor={id} className="font-medium text-ink">
        {t('plans.coupon.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="coupon"
          value={code}
          maxLength={COUPON_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`${inputClasses} uppercase`}
          onChange={(event) => {
            // Codes are matched case-insensitively and never contain spaces.
            const next = event.target.value
              .replace(/\s/g, '')
              .toUpperCase()
              .slice(0, COUPON_CODE_LENGTH);
            setCode(next);
            if (appliedCode !== null || error) onClear();
          }}
        />
        {complete && !applied ? (
          <Button type="submit" variant="secondary" disabled={applying || disabled}>
            {applying ? t('plans.coupon.applying') : t('plans.coupon.apply')}
          </Button>
        ) : null}
        {applied ? (
          <Button
            variant="ghost"
            disabled={disabled}
            onClick={() => {
              setCode('');
              onClear();
            }}
          >
            {t('plans.coupon.remove')}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {applied ? (
          <span className="inline-flex items-center gap-1 font-medium text-leaf-700">
            <CheckCircleIcon className="size-4" />
            {t('plans.coupon.applied', { code })}
          </span>
        ) : (
          t('plans.coupon.hint', { length: COUPON_CODE_LENGTH })
        )}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
