import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { useAnswerFollowUp, useFollowUps } from '../api';

/** Weeks 4, 12 and 26 (Russell Standard): 'Have you smoked at all in the last 7 days?' */
export function FollowUpCard() {
  const { t } = useTranslation('companion');
  const followUps = useFollowUps();
  const answer = useAnswerFollowUp();
  const [thanked, setThanked] = useState(false);
  const open = followUps.data?.find((entry) => entry.open && entry.answered_at === null);

  if (thanked) {
    return (
      <p role="status" className="rounded-2xl bg-brand-50 p-5 font-semibold text-brand-900">
        {t('followUp.thanks')}
      </p>
    );
  }
  if (!open) return null;
  const reply = (smoked: boolean) =>
    answer.mutate(
      { week: open.week, smoked },
      {
        onSuccess: () => setThanked(true),
        onError: (error) => handleApiError(error, 'companion:followUp.error'),
      },
    );
  return (
    <section
      aria-labelledby="follow-up-title"
      className="flex flex-col gap-3 rounded-2xl border border-brand-300 bg-white p-5 shadow-sm"
    >
      <h2 id="follow-up-title" className="text-lg font-bold text-ink">
        {t('followUp.title', { weeks: open.week })}
      </h2>
      <p className="text-lg">{t('followUp.question')}</p>
      <div className="flex gap-3">
        <Button variant="secondary" disabled={answer.isPending} onClick={() => reply(true)}>
          {t('followUp.yes')}
        </Button>
        <Button variant="secondary" disabled={answer.isPending} onClick={() => reply(false)}>
          {t('followUp.no')}
        </Button>
      </div>
    </section>
  );
}
