import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getQuitPrepare, setQuitPrepare } from '../../../lib/storage';

export const PREPARE_ITEMS = ['tell', 'remove', 'triggers', 'stock', 'support'] as const;

/** Before the quit date: what to get ready, ticked off on this device. */
export function PrepareChecklist() {
  const { t } = useTranslation('companion');
  const [done, setDone] = useState<string[]>(() => getQuitPrepare());
  const toggle = (item: string, checked: boolean) => {
    const next = checked ? [...new Set([...done, item])] : done.filter((d) => d !== item);
    setDone(next);
    setQuitPrepare(next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-bold text-ink">{t('progress.prepareTitle')}</legend>
      {PREPARE_ITEMS.map((item) => (
        <label
          key={item}
          className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50"
        >
          <input
            type="checkbox"
            checked={done.includes(item)}
            onChange={(event) => toggle(item, event.target.checked)}
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          <span>{t(`progress.prepare.${item}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
