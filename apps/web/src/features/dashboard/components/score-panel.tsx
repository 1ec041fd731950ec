import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayShortMonthYear } from '@exhale/contract/formats';
import { SIM_MAX_SCORE, simScoreBand } from '@exhale/contract/sim-scale';
import { Spinner } from '../../../components/ui/loader';
import { useSimAttempts, type SimAttempt } from '../../../lib/programme-api';

/**
 * Each SIM test attempt's score out of 250 with its date (spec §2) and what it means in words
 * (the contract's bands), and a small chart of them.
 * The chart is an inline SVG: no chart library for a handful of bars.
 */
export function ScorePanel() {
  const { t } = useTranslation();
  const titleId = useId();
  const attempts = useSimAttempts();
  const list = attempts.data?.data ?? [];

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={titleId} className="text-xl font-bold text-ink">
        {t('dashboard.score.title')}
      </h2>
      {attempts.isPending ? (
        <div role="status" className="flex items-center gap-3 py-6 text-ink-muted">
          <Spinner className="size-6" />
          {t('common.loading')}
        </div>
      ) : attempts.isError ? (
        <p className="py-6 text-ink-muted">{t('common.genericError')}</p>
      ) : list.length === 0 ? (
        <p className="py-6 text-ink-muted">{t('dashboard.score.empty')}</p>
      ) : (
        <>
          <ul className="mt-4 flex flex-col gap-2">
            {list.map((attempt) => (
              <li
                key={attempt.attempt}
                className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-brand-50 px-4 py-3"
              >
                <span className="font-semibold text-ink">
                  {t('dashboard.score.attempt', { n: attempt.attempt })}
                </span>
                <span className="flex flex-col items-end">
                  <span className="text-lg font-bold text-brand-900">
                    {t('dashboard.score.value', {
                      score: attempt.total_points,
                      max: SIM_MAX_SCORE,
                    })}
                  </span>
                  <span className="text-sm font-semibold text-ink" data-testid="score-band">
                    {t(`simBands.${simScoreBand(attempt.total_points)}.label`)}
                  </span>
                </span>
                <time dateTime={attempt.created_at} className="w-full text-sm text-ink-muted">
                  {formatDayShortMonthYear(attempt.created_at)}
                </time>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-ink-muted">
            {t(`simBands.${simScoreBand(list[list.length - 1]!.total_points)}.text`)}{' '}
            {t('simBands.scaleNote')}
          </p>
          <ScoreChart attempts={list} />
        </>
      )}
    </section>
  );
}

const CHART = { width: 320, height: 160, top: 16, bottom: 28, left: 8, right: 8 } as const;

function ScoreChart({ attempts }: { attempts: readonly SimAttempt[] }) {
  const { t } = useTranslation();
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = (CHART.width - CHART.left - CHART.right) / Math.max(attempts.length, 1);
  const barWidth = Math.min(48, slot * 0.6);
  const summary = attempts
    .map((attempt) =>
      t('dashboard.score.chartItem', {
        n: attempt.attempt,
        score: attempt.total_points,
        max: SIM_MAX_SCORE,
        date: formatDayShortMonthYear(attempt.created_at),
      }),
    )
    .join('; ');

  return (
    <figure className="mt-5">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={t('dashboard.score.chartLabel', { summary })}
        className="h-auto w-full max-w-md"
      >
        <line
          x1={CHART.left}
          x2={CHART.width - CHART.right}
          y1={CHART.height - CHART.bottom}
          y2={CHART.height - CHART.bottom}
          stroke="#64748b"
        />
        {attempts.map((attempt, index) => {
          const value = Math.max(0, Math.min(attempt.total_points, SIM_MAX_SCORE));
          const height = (value / SIM_MAX_SCORE) * plotHeight;
          const x = CHART.left + slot * index + (slot - barWidth) / 2;
          const y = CHART.height - CHART.bottom - height;
          return (
            <g key={attempt.attempt}>
              <rect x={x} y={y} width={barWidth} height={height} rx="4" fill="#0f766e" />
              <text
                x={x + barWidth / 2}
                y={y - 4}
                textAnchor="middle"
                fontSize="12"
                fontWeight="700"
                fill="#134e4a"
              >
                {attempt.total_points}
              </text>
              <text
                x={x + barWidth / 2}
                y={CHART.height - 10}
                textAnchor="middle"
                fontSize="11"
                fill="#475569"
              >
                {t('dashboard.score.chartAxis', { n: attempt.attempt })}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-sm text-ink-muted">
        {t('dashboard.score.chartCaption', { max: SIM_MAX_SCORE })}
      </figcaption>
    </figure>
  );
}
