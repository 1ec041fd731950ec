import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/loader';

export interface SubmittedDialogProps {
  open: boolean;
  processing: boolean;
  score?: { score: number; total: number };
  onViewAnswers: () => void;
  onClose: () => void;
}

/** After 'Submit Quiz' (spec §2): processing, then the thank-you with 'View Answers' and 'Close'. */
export function SubmittedDialog({
  open,
  processing,
  score,
  onViewAnswers,
  onClose,
}: SubmittedDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !processing) onClose();
      }}
    >
      <DialogContent title={processing ? t('quiz.processing') : t('quiz.doneTitle')}>
        {processing ? (
          <div role="status" className="flex justify-center py-6">
            <Spinner />
            <span className="sr-only">{t('quiz.processing')}</span>
          </div>
        ) : (
          <>
            {score ? (
              <p className="mt-3 text-xl font-bold text-brand-900">
                {t('quiz.score', { score: score.score, total: score.total })}
              </p>
            ) : null}
            <p className="mt-3 text-ink">{t('quiz.doneText')}</p>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={onClose}>
                {t('quiz.close')}
              </Button>
              <Button onClick={onViewAnswers}>{t('quiz.viewAnswers')}</Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
