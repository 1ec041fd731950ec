import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/loader';
import { useExerciseQuestions } from '../api';
import { ExerciseForm } from './exercise-form';

/** Spec §9: the exercise modal closes 300 ms after a successful submit. */
export const EXERCISE_CLOSE_DELAY_MS = 300;

export interface ExerciseDialogProps {
  /** The exercise to answer; null keeps the dialog closed. */
  route: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The answers were accepted; called before the dialog closes. */
  onSubmitted: (route: string) => void;
}

/** 'Complete the Exercise!' (spec §2): the lesson player opens it at a timestamp or at the end. */
export function ExerciseDialog({ route, open, onOpenChange, onSubmitted }: ExerciseDialogProps) {
  const { t } = useTranslation();
  const questions = useExerciseQuestions(open ? route : null);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const list = questions.data ?? [];
  return (
    <Dialog open={open && route !== null} onOpenChange={onOpenChange}>
      <DialogContent title={t('exercises.dialogTitle')} className="flex max-w-2xl flex-col">
        {questions.isPending && questions.fetchStatus !== 'idle' ? (
          <div role="status" className="flex items-center gap-3 py-10 text-ink-muted">
            <Spinner className="size-6" />
            {t('common.loading')}
          </div>
        ) : list.length === 0 || questions.isError ? (
          <p className="py-10 text-center text-lg font-semibold text-ink">{t('exercises.empty')}</p>
        ) : (
          <div className="mt-4 flex min-h-0 flex-col">
            <ExerciseForm
              key={route}
              route={route ?? ''}
              questions={list}
              incompleteKey="exercises.incompleteDialog"
              listClassName="max-h-[60dvh] overflow-y-auto rounded-xl bg-brand-50/60 p-2"
              onSubmitted={(answered) => {
                onSubmitted(answered);
                closeTimer.current = window.setTimeout(
                  () => onOpenChange(false),
                  EXERCISE_CLOSE_DELAY_MS,
                );
              }}
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
