import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { istDateString } from '@exhale/contract/ist';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { RadioPills } from '../../../components/ui/radio-pills';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import {
  useCheckIn,
  useDaySlips,
  useQueuedWrites,
  useSaveCheckIn,
  useServerUnreachable,
} from '../api';
import type { QueuedCheckIn } from '../../../lib/offline/queue';
import { WaitingToSync } from './offline-status';
import { SlipMessage } from './slip-message';

const MOODS = ['1', '2', '3', '4', '5'] as const;

/** The day's answer, from the server or waiting on the phone. */
interface Answer {
  used: boolean;
  units?: number | null | undefined;
  mood: number;
}

function CheckInForm({
  date,
  initial,
  loggedUnits,
  onDone,
}: {
  date: string;
  initial: Answer | null;
  /** Units of the slips the member logged that day, if any: the answer is filled in 'yes'. */
  loggedUnits: number;
  onDone: (used: boolean) => void;
}) {
  const { t } = useTranslation('companion');
  const id = useId();
  const save = useSaveCheckIn(date);
  const fromLog = loggedUnits > 0;
  const [used, setUsed] = useState<boolean | null>(fromLog ? true : (initial?.used ?? null));
  const [units, setUnits] = useState(
    String(fromLog ? Math.max(loggedUnits, initial?.units ?? 0) : (initial?.units ?? 1)),
  );
  const [mood, setMood] = useState<number | null>(initial?.mood ?? null);
  const [tried, setTried] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (used === null || mood === null) return;
    const count = Math.max(1, Math.min(100, Math.floor(Number(units)) || 1));
    save.mutate(used ? { used, units: count, mood } : { used, mood }, {
      onSuccess: (result) => {
        if (result.queued) notify.info(t('offline.savedOnPhone'));
        else notify.success(t('checkIn.saved'));
        onDone(used);
      },
      onError: (error) => handleApiError(error, 'companion:checkIn.error'),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <p id={`${id}-used`} className="font-medium">
          {t('checkIn.used')}
        </p>
        <RadioPills
          labelledBy={`${id}-used`}
          options={[
            { value: 'no', label: t('checkIn.no') },
            { value: 'yes', label: t('checkIn.yes') },
          ]}
          value={used === null ? null : used ? 'yes' : 'no'}
          onValueChange={(value) => setUsed(value === 'yes')}
          invalid={tried && used === null}
        />
        {fromLog ? (
          <p className="text-sm text-ink-muted" data-testid="check-in-from-log">
            {t('checkIn.fromLog')}{' '}
            <Link to="/cravings" className="font-medium text-brand-800 underline">
              {t('checkIn.openLog')}
            </Link>
          </p>
        ) : null}
      </div>
      {used ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-units`} className="font-medium">
            {t('checkIn.units')}
          </label>
          <input
            id={`${id}-units`}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            value={units}
            onChange={(event) => setUnits(event.target.value)}
            className={`${inputClasses} max-w-32`}
          />
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        <p id={`${id}-mood`} className="font-medium">
          {t('checkIn.mood')}
        </p>
        <RadioPills
          labelledBy={`${id}-mood`}
          options={MOODS.map((value) => ({ value, label: t(`checkIn.moods.${value}`) }))}
          value={mood === null ? null : String(mood)}
          onValueChange={(value) => setMood(Number(value))}
          invalid={tried && mood === null}
        />
      </div>
      {tried && (used === null || mood === null) ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('checkIn.chooseBoth')}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {t('checkIn.save')}
      </Button>
    </form>
  );
}

/**
 * Once a day: did you use tobacco today, and how are you feeling (PUT /check-ins/{today}). An
 * answer kept on the phone without a network is shown as waiting to sync; a 'used' answer gets
 * the same kind words as a slip logged in SOS.
 */
export function CheckInCard() {
  const { t } = useTranslation('companion');
  const [date] = useState(() => istDateString(new Date()));
  const checkIn = useCheckIn(date);
  const daySlips = useDaySlips(date);
  const loggedUnits = daySlips.data?.units ?? 0;
  const unreachable = useServerUnreachable(checkIn);
  const queued = useQueuedWrites().data?.find(
    (item): item is QueuedCheckIn => item.kind === 'check-in' && item.date === date,
  );
  const [editing, setEditing] = useState(false);
  const [slipped, setSlipped] = useState(false);
  // Without a network today's answer is unknown: the question is asked (a second answer replaces
  // the first).
  if (!queued && !unreachable && (checkIn.isPending || checkIn.isError)) return null;
  const answer: Answer | null = queued?.body ?? checkIn.data ?? null;
  // An answer of 'no' on a day the log has a slip is asked again, filled in from the log.
  const contradicted = answer !== null && !answer.used && loggedUnits > 0;

  return (
    <section
      aria-labelledby="check-in-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="check-in-title" className="text-xl font-bold text-ink">
        {t('checkIn.title')}
      </h2>
      {answer && !editing && !contradicted ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p data-testid="check-in-answer">
            {answer.used
              ? t('checkIn.answeredUsed', {
                  units: answer.units ?? 1,
                  mood: t(`checkIn.moods.${String(answer.mood) as '1'}`),
                })
              : t('checkIn.answeredClean', {
                  mood: t(`checkIn.moods.${String(answer.mood) as '1'}`),
                })}
          </p>
          {queued ? <WaitingToSync /> : null}
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {t('checkIn.change')}
          </Button>
        </div>
      ) : (
        <CheckInForm
          // Filled in again once the day's log arrives.
          key={loggedUnits}
          date={date}
          initial={answer}
          loggedUnits={loggedUnits}
          onDone={(used) => {
            setEditing(false);
            setSlipped(used);
          }}
        />
      )}
      {slipped && !editing ? <SlipMessage headingLevel={3} /> : null}
    </section>
  );
}
