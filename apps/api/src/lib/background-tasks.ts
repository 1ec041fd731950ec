import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for, so its answer cannot depend on it: neither on its
 * result nor on its duration (POST /auth/reset-password answers before it looks the address up,
 * decision 036). The app waits for running tasks when it closes.
 */
export interface BackgroundTasks {
  /** Starts `task` after the current request's answer; a failure is logged, never thrown. */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has settled. */
  idle(): Promise<void>;
}

export class InProcessTasks implements BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  run(name: string, task: () => Promise<void>): void {
    const started = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) =>
        this.log.error({ err: error, task: name }, 'background task failed'),
      )
      .finally(() => this.running.delete(started));
    this.running.add(started);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
