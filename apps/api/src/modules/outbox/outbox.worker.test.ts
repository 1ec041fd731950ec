import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX_OPTIONS, retryDelayMs } from './outbox.worker';

describe('retryDelayMs', () => {
  it('doubles from 30 seconds up to an hour', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000,
    ]);
    expect(retryDelayMs(20)).toBe(60 * 60_000);
  });

  it('gives up before the delays grow past a few hours in total', () => {
    const { maxAttempts } = DEFAULT_OUTBOX_OPTIONS;
    const total = Array.from({ length: maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(total).toBeLessThan(3 * 60 * 60_000);
  });
});
