import type { Redis } from 'ioredis';
import { systemClock, type Clock } from './clock';

/** A counter's value and how long until its window ends (0 when it does not exist). */
export interface CounterValue {
  count: number;
  ttlSeconds: number;
}

/**
 * Fixed-window counters for throttling (failed logins, codes sent). The window starts with the
 * first increment and the counter disappears when it ends. In Redis when the app has it, so every
 * API process counts together; in process otherwise.
 */
export interface Counters {
  incr(key: string, ttlSeconds: number): Promise<CounterValue>;
  get(key: string): Promise<CounterValue>;
  reset(key: string): Promise<void>;
}

export class MemoryCounters implements Counters {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  constructor(private readonly clock: Clock = systemClock) {}

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number) {
    // Bounded memory without a timer: expired keys go whenever the map grows large.
    if (this.entries.size < 10_000) return;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async incr(key: string, ttlSeconds: number): Promise<CounterValue> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const entry = this.live(key, now) ?? { count: 0, expiresAt: now + ttlSeconds * 1000 };
    entry.count += 1;
    this.entries.set(key, entry);
    return { count: entry.count, ttlSeconds: Math.ceil((entry.expiresAt - now) / 1000) };
  }

  async get(key: string): Promise<CounterValue> {
    const now = this.clock.now().getTime();
    const entry = this.live(key, now);
    if (!entry) return { count: 0, ttlSeconds: 0 };
    return { count: entry.count, ttlSeconds: Math.ceil((entry.expiresAt - now) / 1000) };
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

export class RedisCounters implements Counters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'exhale:counter:',
  ) {}

  async incr(key: string, ttlSeconds: number): Promise<CounterValue> {
    const k = this.prefix + key;
    // SET NX starts the window only once; MULTI makes the three steps one atomic unit.
    const results = await this.redis
      .multi()
      .set(k, '0', 'EX', ttlSeconds, 'NX')
      .incr(k)
      .pttl(k)
      .exec();
    return toValue(results?.[1]?.[1], results?.[2]?.[1]);
  }

  async get(key: string): Promise<CounterValue> {
    const k = this.prefix + key;
    const results = await this.redis.multi().get(k).pttl(k).exec();
    return toValue(results?.[0]?.[1], results?.[1]?.[1]);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

function toValue(count: unknown, pttl: unknown): CounterValue {
  const n = Number(count ?? 0);
  const ms = Number(pttl ?? -2);
  if (!Number.isFinite(n) || n <= 0 || ms < 0) return { count: 0, ttlSeconds: 0 };
  return { count: n, ttlSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}

export function createCounters(
  redis: Redis | undefined,
  clock: Clock = systemClock,
  keyPrefix = '',
): Counters {
  return redis
    ? new RedisCounters(redis, `${keyPrefix}exhale:counter:`)
    : new MemoryCounters(clock);
}
