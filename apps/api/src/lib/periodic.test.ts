import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('startPeriodic', () => {
  it('runs first after the first delay, then on every interval', async () => {
    const run = vi.fn(async () => {});
    const job = startPeriodic(run, {
      name: 'job',
      intervalMs: 60_000,
      firstRunAfterMs: 5_000,
      log: { error: vi.fn() },
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(run).toHaveBeenCalledTimes(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('never starts a run while the previous one is still going, and stop waits for it', async () => {
    const gate = deferred();
    const run = vi.fn(() => gate.promise);
    const job = startPeriodic(run, { name: 'job', intervalMs: 1_000, log: { error: vi.fn() } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed run under its name and runs again on the next tick', async () => {
    const error = vi.fn();
    const run = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(1);
    const job = startPeriodic(run, { name: 'reminder run', intervalMs: 1_000, log: { error } });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'database away' }) },
      'reminder run failed; the next run retries',
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(1);
    await job.stop();
  });
});
