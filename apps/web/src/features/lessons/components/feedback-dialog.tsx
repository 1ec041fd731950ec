import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { FEEDBACK_MAX_LENGTH } from '@exhale/contract/limits';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/loader';
import { notify } from '../../../lib/toast';
import { updateLesson } from '../api';

export interface FeedbackDialogProps {
  /** The lesson just watched; null keeps the dialog closed. */
  lessonId: string | null;
  /** The dialog is done with: submitted, 'I Understood', or dismissed. */
  onDone: () => void;
}

/**
 * 'Did you understand or Any Questions?' (spec §2): after a lesson is watched the user may send a
 * question about it (PUT /api/user-lesson/{id} {feedback}) or just carry on.
 */
export function FeedbackDialog({ lessonId, onDone }: FeedbackDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={lessonId !== null} onOpenChange={(open) => (open ? undefined : onDone())}>
      <DialogContent title={t('feedback.title')}>
        {lessonId ? <FeedbackForm key={lessonId} lessonId={lessonId} onDone={onDone} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function FeedbackForm({ lessonId, onDone }: { lessonId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (feedback: string) => updateLesson(lessonId, { feedback }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const feedback = text.trim();
    if (feedback === '') {
      notify.warning(t('feedback.empty'));
      return;
    }
    send.mutate(feedback, {
      onSuccess: () => {
        notify.success(t('feedback.submitted'));
        onDone();
      },
      onError: (error) => {
        console.error('Feedback update failed', error);
        notify.error(t('feedback.failed'));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
      <label htmlFor={fieldId} className="sr-only">
        {t('feedback.label')}
      </label>
      <textarea
        id={fieldId}
        rows={4}
        maxLength={FEEDBACK_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('feedback.placeholder')}
        className={`${inputClasses} resize-y`}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={send.isPending}>
          {t('feedback.understood')}
        </Button>
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? <Spinner className="size-5 text-white" /> : null}
          {t('feedback.submit')}
        </Button>
      </div>
    </form>
  );
}
