import type { AdminMetrics } from '@exhale/contract/admin';
import { IST_OFFSET_MINUTES, istDateString, MS_PER_DAY } from '@exhale/contract/ist';
import { paiseToRupees } from '@exhale/contract/money';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import type { BackupsRepository } from '../backups/backups.repository';
import { readCoachFigures } from '../coach/coach.module';
import { type AdminMetricsRepository, type Range } from './admin-metrics.repository';

/** The last `days` IST calendar days up to today, as [from, to) instants and their dates. */
export function istDayRange(now: Date, days: number): Range & { dates: string[] } {
  const today = istDateString(now);
  const midnightUtc = Date.parse(`${today}T00:00:00Z`) - IST_OFFSET_MINUTES * 60_000;
  const to = new Date(midnightUtc + MS_PER_DAY);
  const from = new Date(to.getTime() - days * MS_PER_DAY);
  const dates = Array.from({ length: days }, (_, i) =>
    istDateString(new Date(from.getTime() + i * MS_PER_DAY)),
  );
  return { from, to, dates };
}

/** 'YYYY-MM-DD' of an IST day number. */
const dateOfDay = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/** Per-day values for every date of the range, the days without any as zero. */
function byDate<R extends { day: number }>(rows: R[], value: (row: R) => number) {
  const values = new Map(rows.map((row) => [dateOfDay(Number(row.day)), Number(value(row))]));
  return (date: string) => values.get(date) ?? 0;
}

/** The repositories AdminMetricsService uses, on the pool or a transaction (its module file builds them). */
export interface AdminMetricsRepositories {
  adminMetrics: AdminMetricsRepository;
  backups: BackupsRepository;
}

export class AdminMetricsService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<AdminMetricsRepositories>;
      clock: Clock;
    },
  ) {}

  async metrics(days: number): Promise<AdminMetrics> {
    const range = istDayRange(this.deps.clock.now(), days);
    const repository = this.deps.data.repos.adminMetrics;
    const [signups, attempts, revenue, refunds, totals, funnel, conversions] = await Promise.all([
      repository.signupsPerDay(range),
      repository.attemptsPerDay(range),
      repository.revenuePerDay(range),
      repository.refundsPerDay(range),
      repository.userTotals(range),
      repository.completionFunnel(),
      repository.conversionsPerDay(range),
    ]);
    const backups = this.deps.data.repos.backups;
    const [lastBackup, lastAttempt, coach] = await Promise.all([
      backups.latestOk(),
      backups.latest(),
      readCoachFigures(this.deps.db, this.deps.clock, range),
    ]);
    const signupsOn = byDate(signups, (row) => row.count);
    const attemptsOn = byDate(attempts, (row) => row.count);
    const revenueOn = byDate(revenue, (row) => row.paise);
    const refundsOn = byDate(refunds, (row) => row.paise);
    const convertedOn = byDate(conversions, (row) => row.count);
    const money = range.dates.map((date) => ({
      date,
      revenue: paiseToRupees(revenueOn(date)),
      revenue_paise: revenueOn(date),
      refunds: paiseToRupees(refundsOn(date)),
      refunds_paise: refundsOn(date),
    }));
    const revenuePaise = money.reduce((sum, day) => sum + day.revenue_paise, 0);
    const refundsPaise = money.reduce((sum, day) => sum + day.refunds_paise, 0);
    return {
      from: range.dates[0]!,
      to: range.dates[range.dates.length - 1]!,
      signups: range.dates.map((date) => ({ date, count: signupsOn(date) })),
      attempts: range.dates.map((date) => ({ date, count: attemptsOn(date) })),
      money,
      totals: {
        users: totals.users,
        premium_users: totals.premium_users,
        signups: totals.signups,
        converted: totals.converted,
        conversion_rate: totals.signups === 0 ? 0 : totals.converted / totals.signups,
        revenue: paiseToRupees(revenuePaise),
        revenue_paise: revenuePaise,
        refunds: paiseToRupees(refundsPaise),
        refunds_paise: refundsPaise,
      },
      conversion: range.dates.map((date) => {
        const day = { signups: signupsOn(date), converted: convertedOn(date) };
        return { date, ...day, rate: day.signups === 0 ? 0 : day.converted / day.signups };
      }),
      funnel,
      backup:
        lastAttempt === undefined
          ? null
          : {
              at: lastBackup?.finishedAt.toISOString() ?? null,
              size_bytes: lastBackup?.sizeBytes ?? null,
              place: lastBackup?.location ?? null,
              failed_at:
                lastAttempt.status === 'failed' ? lastAttempt.finishedAt.toISOString() : null,
            },
      coach,
    };
  }
}
