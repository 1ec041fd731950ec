import clsx from 'clsx';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@exhale/contract/languages';
import { saveAccountLanguage } from '../../lib/account-language';
import { takeEarlyLanguagePick } from '../../lib/early-input';
import { currentLanguage, isLanguage, setLanguage, supportedLanguages } from '../../lib/i18n';
import { GlobeIcon } from './icons';

function choose(next: string): void {
  if (!isLanguage(next) || next === currentLanguage()) return;
  void setLanguage(next);
  void saveAccountLanguage(next);
}

/**
 * A native select: it is the most robust control on low-end phones and screen readers, and each
 * language is named in its own script so a reader can find theirs whatever the current UI language.
 */
export function LanguageSwitcher({
  className,
  tone = 'light',
}: {
  className?: string;
  tone?: 'light' | 'dark';
}) {
  const { t } = useTranslation();
  const id = useId();
  const value = currentLanguage();
  // A pick made on the server-rendered page before the app took it over.
  useEffect(() => {
    const early = takeEarlyLanguagePick();
    if (early !== undefined) choose(early);
  }, []);
  return (
    <div className={clsx('relative inline-flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <GlobeIcon
        className={clsx(
          'pointer-events-none absolute left-2.5 size-4',
          tone === 'dark' ? 'text-white' : 'text-brand-800',
        )}
      />
      <select
        id={id}
        value={value}
        data-language-switcher=""
        onChange={(event) => choose(event.target.value)}
        className={clsx(
          'min-h-11 appearance-none rounded-full border py-1 pr-3 pl-8 text-sm font-medium',
          tone === 'dark'
            ? 'border-white/60 bg-brand-900 text-white'
            : 'border-brand-700 bg-white text-brand-900',
        )}
      >
        {supportedLanguages.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
