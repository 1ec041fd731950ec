import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../test/redis';
import { RedisCounters } from './counters';

// The real Redis the API uses when REDIS_URL is set (README: a local one, or TEST_REDIS_URL).
const clients: Redis[] = [];
function client(): Redis {
  const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  clients.push(redis);
  return redis;
}
afterAll(() => {
  for (const redis of clients) redis.disconnect();
});

const key = () => `test:${randomUUID()}`;

describe('RedisCounters', () => {
  it('counts in a window that starts at the first increment and reports its TTL', async () => {
    const counters = new RedisCounters(client());
    const k = key();
    expect(await counters.get(k)).toEqual({ count: 0, ttlSeconds: 0 });
    expect(await counters.incr(k, 60)).toEqual({ count: 1, ttlSeconds: 60 });
    const second = await counters.incr(k, 60);
    expect(second.count).toBe(2);
    expect(second.ttlSeconds).toBeGreaterThanOrEqual(59);
    expect(second.ttlSeconds).toBeLessThanOrEqual(60);
    expect((await counters.get(k)).count).toBe(2);
  });

  it('does not extend the window on later increments, and expires with it', async () => {
    const counters = new RedisCounters(client());
    const k = key();
    await counters.incr(k, 1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await counters.incr(k, 60)).ttlSeconds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await counters.get(k)).toEqual({ count: 0, ttlSeconds: 0 });
  });

  it('resets a counter', async () => {
    const counters = new RedisCounters(client());
    const k = key();
    await counters.incr(k, 60);
    await counters.reset(k);
    expect((await counters.get(k)).count).toBe(0);
  });

  it('is shared by every process and exact under concurrent increments', async () => {
    const processA = new RedisCounters(client());
    const processB = new RedisCounters(client());
    const k = key();
    const values = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? processA : processB).incr(k, 60)),
    );
    expect(values.map((v) => v.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect((await processB.get(k)).count).toBe(50);
    await processA.reset(k);
  });
});
