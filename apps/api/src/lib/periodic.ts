import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

export interface PeriodicOptions {
  /** Named in the log line when a run fails. */
  name: string;
  intervalMs: number;
  /** A first run this long after start, before the interval's first tick; none when omitted. */
  firstRunAfterMs?: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Runs `run` on an interval in this process: a run still going when the next tick comes is not
 * started twice, a failure is logged and the next tick tries again, and the timers never keep the
 * process alive. Work that must happen once across processes takes its own lock inside `run`.
 */
export function startPeriodic(run: () => Promise<unknown>, options: PeriodicOptions): PeriodicJob {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = run()
      .catch((error: unknown) => {
        options.log.error({ err: error }, `${options.name} failed; the next run retries`);
      })
      .finally(() => {
        busy = false;
      });
  };
  const first =
    options.firstRunAfterMs === undefined ? undefined : setTimeout(tick, options.firstRunAfterMs);
  const timer = setInterval(tick, options.intervalMs);
  first?.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
