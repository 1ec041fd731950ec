import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

/** After a slip: kind words, what to do next, and that nothing of the history is lost. */
export function SlipMessage({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('companion');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-ink"
    >
      <Heading className="text-lg font-bold">{t('slip.title')}</Heading>
      <p>{t('slip.body')}</p>
      <p className="font-semibold">{t('slip.historyKept')}</p>
      <p className="font-semibold">{t('slip.nextTitle')}</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t('slip.next1')}</li>
        <li>{t('slip.next2')}</li>
        <li>{t('slip.next3')}</li>
      </ul>
      <Link
        to="/progress"
        className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
      >
        {t('slip.seeProgress')}
      </Link>
    </div>
  );
}
