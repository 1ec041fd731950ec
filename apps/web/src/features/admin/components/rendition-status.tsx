import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage } from '../../../lib/api';
import { useRetryRenditions, useVideoRenditions } from '../renditions-api';

/**
 * How far the data-saver versions of a lesson video are (decision 057): 'Preparing small
 * versions… 40%', ready (with what was made), or failed with the reason and a retry.
 */
export function RenditionStatus({ videoKey }: { videoKey: string }) {
  const { t } = useTranslation('admin');
  const query = useVideoRenditions(videoKey);
  const retry = useRetryRenditions(videoKey);
  const data = query.data;
  if (!data) return null;

  const retryButton = (label: string) => (
    <Button variant="secondary" size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
      {label}
    </Button>
  );

  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="rendition-status">
      {data.status === 'pending' || data.status === 'running' ? (
        <div role="status" className="flex flex-col gap-1">
          <span>{t('lessonEditor.renditionsPreparing', { percent: data.progress })}</span>
          <progress
            className="h-2 w-full max-w-xs"
            max={100}
            value={data.progress}
            aria-label={t('lessonEditor.renditionsProgress')}
          />
        </div>
      ) : null}
      {data.status === 'done' ? (
        <p className="text-ink">
          {data.renditions.length > 0
            ? t('lessonEditor.renditionsReady', {
                heights: data.renditions.map((r) => `${r.height}p`).join(', '),
              })
            : t('lessonEditor.renditionsNoSmaller')}{' '}
          {data.audio_src ? t('lessonEditor.renditionsAudio') : t('lessonEditor.renditionsNoAudio')}
        </p>
      ) : null}
      {data.status === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-red-800">
          <span>{t('lessonEditor.renditionsFailed', { reason: data.error ?? '' })}</span>
          {retryButton(t('lessonEditor.renditionsRetry'))}
        </div>
      ) : null}
      {data.status === 'none' ? (
        <div className="flex flex-wrap items-center gap-2 text-ink-muted">
          <span>{t('lessonEditor.renditionsNone')}</span>
          {retryButton(t('lessonEditor.renditionsMake'))}
        </div>
      ) : null}
      {retry.isError ? (
        <p role="alert" className="text-red-800">
          {apiErrorMessage(retry.error, 'common.genericError')}
        </p>
      ) : null}
    </div>
  );
}
