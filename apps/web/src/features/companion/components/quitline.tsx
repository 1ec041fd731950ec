import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';

/** India's National Tobacco Quitline (toll-free). */
export const QUITLINE_NUMBER = '1800-11-2356';
export const QUITLINE_TEL = 'tel:1800112356';

/** The quitline as a call link with a line that says what it is. */
export function QuitlineLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('companion');
  return (
    <div
      className={compact ? 'flex flex-col items-start gap-1' : 'flex flex-col items-start gap-2'}
    >
      <a
        href={QUITLINE_TEL}
        className={buttonClasses({ variant: compact ? 'secondary' : 'primary' })}
        aria-label={t('quitline.callLabel', { number: QUITLINE_NUMBER })}
      >
        <span aria-hidden="true">☎</span>
        {t('quitline.call', { number: QUITLINE_NUMBER })}
      </a>
      <p className="text-sm text-ink-muted">{t('quitline.about')}</p>
    </div>
  );
}
