import { useTranslation } from 'react-i18next';
import { HelpPage, HelpSection, PointList } from '../components/help-page';

const topicKeys = ['login', 'errors', 'sync', 'progress'] as const;

/** /help-center/technical-support: login issues, app errors, syncing devices, lost progress. */
export function TechnicalSupportPage() {
  const { t } = useTranslation('help-center');
  const s = 'support' as const;

  return (
    <HelpPage
      metaTitle={t('meta.helpSupportTitle')}
      metaDescription={t(`${s}.metaDescription`)}
      title={t(`${s}.title`)}
      lead={t(`${s}.lead`)}
    >
      {topicKeys.map((key) => (
        <HelpSection key={key} id={key} title={t(`${s}.${key}.title`)} lead={t(`${s}.${key}.lead`)}>
          <PointList points={t(`${s}.${key}.points`, { returnObjects: true })} />
        </HelpSection>
      ))}
    </HelpPage>
  );
}
