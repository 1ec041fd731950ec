import { useTranslation } from 'react-i18next';
import { useDependenceHistory } from '../api';
import { QuitlineLink } from './quitline';

/** The score from which the medicine information is shown (FTND 'high' and above). */
export const HIGH_DEPENDENCE_SCORE = 6;

/**
 * Nicotine replacement and medicines (decision 034): for members whose latest dependence score is
 * high. Information and 'talk to your doctor', never doses.
 */
export function MedicineCard() {
  const { t } = useTranslation('companion');
  const history = useDependenceHistory();
  const latest = history.data?.at(-1);
  if (!latest || latest.score < HIGH_DEPENDENCE_SCORE) return null;
  return (
    <section
      aria-labelledby="medicine-title"
      className="flex flex-col gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-5 text-ink sm:p-6"
    >
      <h2 id="medicine-title" className="text-xl font-bold">
        {t('medicine.title')}
      </h2>
      <p>{t('medicine.lead')}</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t('medicine.nrt')}</li>
        <li>{t('medicine.medicines')}</li>
      </ul>
      <p className="font-semibold">{t('medicine.doctor')}</p>
      <QuitlineLink compact />
      <p className="text-sm text-ink-muted">{t('medicine.source')}</p>
    </section>
  );
}
