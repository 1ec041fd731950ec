import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/loader';

export function LoadingQuestions() {
  const { t } = useTranslation('landing');
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 py-16 text-lg text-ink-muted"
    >
      <Spinner className="size-6" />
      {t('simulation.loading')}
    </div>
  );
}
