import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useSetDataSaver } from '../api';

/**
 * 'Data saver' (decision 057): a setting kept on the server, so it follows the member to every
 * device; with it on, lessons play their small rendition. Saved as soon as it is switched.
 */
export function DataSaverSection({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const save = useSetDataSaver();
  // The switch shows the member's choice from the tap itself: the mutation's pending state comes
  // a moment later, and until then React would put the switch back as it was.
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <section
      aria-labelledby="data-saver-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="data-saver-title" className="text-xl font-bold text-ink">
        {t('profile.dataSaverTitle')}
      </h2>
      <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink">
        <input
          type="checkbox"
          role="switch"
          className="size-5 accent-brand-700"
          checked={chosen ?? on}
          disabled={save.isPending}
          aria-describedby="data-saver-hint"
          onChange={(event) => {
            setChosen(event.target.checked);
            save.mutate(event.target.checked, {
              onSuccess: (response) =>
                notify.success(
                  t(response.data.data_saver ? 'profile.dataSaverOn' : 'profile.dataSaverOff'),
                ),
              onError: (error) => handleApiError(error, 'common.genericError'),
              // Saved (the stored profile now says so) or refused (it says what it said).
              onSettled: () => setChosen(null),
            });
          }}
        />
        {t('profile.dataSaverLabel')}
      </label>
      <p id="data-saver-hint" className="mt-1 text-sm text-ink-muted">
        {t('profile.dataSaverHint')}
      </p>
    </section>
  );
}
