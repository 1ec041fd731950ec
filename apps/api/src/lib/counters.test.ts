import { describe, expect, it } from 'vitest';
import { MemoryCounters } from './counters';

function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('MemoryCounters', () => {
  it('counts within a window that starts at the first increment', async () => {
    const clock = manualClock();
    const counters = new MemoryCounters(clock);
    expect(await counters.incr('k', 60)).toEqual({ count: 1, ttlSeconds: 60 });
    clock.advance(20_000);
    expect(await counters.incr('k', 60)).toEqual({ count: 2, ttlSeconds: 40 });
    expect(await counters.get('k')).toEqual({ count: 2, ttlSeconds: 40 });
  });

  it('forgets a counter when its window ends', async () => {
    const clock = manualClock();
    const counters = new MemoryCounters(clock);
    await counters.incr('k', 10);
    clock.advance(10_000);
    expect(await counters.get('k')).toEqual({ count: 0, ttlSeconds: 0 });
    expect(await counters.incr('k', 10)).toEqual({ count: 1, ttlSeconds: 10 });
  });

  it('resets on demand and keeps keys apart', async () => {
    const counters = new MemoryCounters(manualClock());
    await counters.incr('a', 60);
    await counters.incr('b', 60);
    await counters.reset('a');
    expect((await counters.get('a')).count).toBe(0);
    expect((await counters.get('b')).count).toBe(1);
  });
});
