import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { PageLoader } from '../../../components/ui/loader';
import { handleApiError } from '../../../lib/api';
import { PageMeta } from '../../../lib/head';
import { notify } from '../../../lib/toast';
import {
  useCravingLog,
  useDeleteCraving,
  useQueuedWrites,
  useServerUnreachable,
  type Craving,
} from '../api';
import { WaitingToSync } from '../components/offline-status';
import { formatIstDateTime } from '../progress-format';

type EntryFields = Pick<Craving, 'at' | 'trigger' | 'intensity' | 'outcome' | 'units' | 'source'>;

function EntryDetails({ entry }: { entry: EntryFields }) {
  const { t, i18n } = useTranslation('companion');
  const time = formatIstDateTime(entry.at, i18n.language);
  return (
    <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
      <div>
        <dt className="text-xs text-ink-muted">{t('cravings.time')}</dt>
        <dd className="font-medium">{time}</dd>
      </div>
      <div>
        <dt className="text-xs text-ink-muted">{t('cravings.trigger')}</dt>
        <dd>
          {entry.trigger
            ? t(`triggers.${entry.trigger}`)
            : entry.source === 'message'
              ? t('cravings.fromMessage')
              : entry.source === 'check_in'
                ? t('cravings.fromCheckIn')
                : '–'}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-ink-muted">{t('cravings.intensity')}</dt>
        <dd className="tabular-nums">
          {entry.intensity === null ? '–' : `${entry.intensity} / 5`}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-ink-muted">{t('cravings.outcome')}</dt>
        <dd
          className={clsx(
            'font-semibold',
            entry.outcome === 'resisted' ? 'text-brand-800' : 'text-amber-800',
          )}
        >
          {entry.outcome === 'resisted'
            ? t('cravings.resisted')
            : t('cravings.slipped', { count: entry.units ?? 1 })}
        </dd>
      </div>
    </dl>
  );
}

function Entry({ entry, onDelete }: { entry: Craving; onDelete: (entry: Craving) => void }) {
  const { t, i18n } = useTranslation('companion');
  const time = formatIstDateTime(entry.at, i18n.language);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <EntryDetails entry={entry} />
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onDelete(entry)}
        aria-label={t('cravings.deleteLabel', { time })}
      >
        {t('cravings.delete')}
      </Button>
    </li>
  );
}

/** /cravings: the member's log, newest first, with delete (after confirming) and 'load more'. */
export function CravingsPage() {
  const { t, i18n } = useTranslation('companion');
  const log = useCravingLog();
  const remove = useDeleteCraving();
  const [pending, setPending] = useState<Craving | null>(null);

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending._id, {
      onSuccess: () => {
        notify.success(t('cravings.deleted'));
        setPending(null);
      },
      onError: (error) => handleApiError(error, 'companion:cravings.deleteError'),
    });
  };

  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  const queued = (useQueuedWrites().data ?? []).flatMap((item) =>
    item.kind === 'craving' ? [item] : [],
  );
  // Without a network the log waits: the cravings kept on this phone are still listed.
  const unreachable = useServerUnreachable(log);

  return (
    <>
      <PageMeta title={t('pageMeta.cravingsTitle')} />
      <section className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-8 sm:py-10">
        <header className="flex flex-col gap-2">
          <Link to="/progress" className="self-start font-medium text-brand-800 underline">
            {t('cravings.back')}
          </Link>
          <h1 className="text-3xl font-bold text-brand-900">{t('cravings.title')}</h1>
          <p className="text-ink-muted">{t('cravings.lead')}</p>
        </header>

        {queued.length > 0 ? (
          <ul className="flex flex-col gap-3" data-testid="craving-queue">
            {[...queued].reverse().map((item) => (
              <li
                key={item.key}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-amber-400 bg-amber-50 p-4"
              >
                <EntryDetails
                  entry={{
                    at: item.body.at,
                    trigger: item.body.trigger,
                    intensity: item.body.intensity,
                    outcome: item.body.outcome,
                    units: item.body.units ?? null,
                    source: 'craving',
                  }}
                />
                <WaitingToSync />
              </li>
            ))}
          </ul>
        ) : null}

        {unreachable && log.data === undefined ? (
          <p role="status" className="rounded-2xl bg-slate-50 p-5 text-ink">
            {queued.length > 0 ? t('offline.logWaits') : t('offline.noConnection')}
          </p>
        ) : log.isPending ? (
          <PageLoader />
        ) : log.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert" className="text-red-700">
              {t('cravings.loadError')}
            </p>
            <Button onClick={() => void log.refetch()}>{t('progress.retry')}</Button>
          </div>
        ) : entries.length === 0 && queued.length === 0 ? (
          <div className="flex flex-col items-start gap-3 rounded-2xl bg-slate-50 p-5">
            <p>{t('cravings.empty')}</p>
            <Link to="/sos" className={buttonClasses()}>
              {t('progress.sos')}
            </Link>
          </div>
        ) : (
          <>
            <ul className="flex flex-col gap-3" data-testid="craving-log">
              {entries.map((entry) => (
                <Entry key={entry._id} entry={entry} onDelete={setPending} />
              ))}
            </ul>
            {log.hasNextPage ? (
              <Button
                variant="secondary"
                className="self-center"
                disabled={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {t('cravings.loadMore')}
              </Button>
            ) : null}
          </>
        )}

        <Dialog open={pending !== null} onOpenChange={(open) => (open ? null : setPending(null))}>
          {pending ? (
            <DialogContent
              title={t('cravings.confirmTitle')}
              description={t('cravings.confirmBody', {
                time: formatIstDateTime(pending.at, i18n.language),
              })}
            >
              <div className="mt-5 flex flex-wrap justify-end gap-3">
                <DialogClose asChild>
                  <Button variant="secondary">{t('cravings.cancel')}</Button>
                </DialogClose>
                <Button onClick={confirmDelete} disabled={remove.isPending}>
                  {t('cravings.confirm')}
                </Button>
              </div>
            </DialogContent>
          ) : null}
        </Dialog>
      </section>
    </>
  );
}
