import { useTranslation } from 'react-i18next';
import { Accordion } from '../../../components/ui/accordion';
import { HelpPage } from '../components/help-page';
import { planFacts } from '../plan-facts';

/** /help-center/frequently-asked-questions: seven questions, one answer open at a time. */
export function FaqPage() {
  const { t } = useTranslation('help-center');
  const questions = t('faq.items', { returnObjects: true, ...planFacts() });

  return (
    <HelpPage
      metaTitle={t('meta.helpFaqTitle')}
      metaDescription={t('faq.metaDescription')}
      title={t('faq.title')}
      lead={t('faq.lead')}
    >
      <Accordion
        headingLevel={2}
        items={Object.entries(questions).map(([id, item]) => ({
          id,
          title: item.question,
          content: <p className="text-lg">{item.answer}</p>,
        }))}
      />
    </HelpPage>
  );
}
