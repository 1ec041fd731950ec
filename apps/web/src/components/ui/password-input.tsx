import clsx from 'clsx';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from './field';
import { EyeIcon, EyeOffIcon } from './icons';

/** A password box with a show/hide toggle (a pressed-state button, so its name never changes). */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        className={clsx(inputClasses, 'pr-12', className)}
      />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-pressed={visible}
        aria-label={t('common.showPassword')}
        className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-brand-900 hover:bg-brand-50"
      >
        {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
      </button>
    </div>
  );
}
