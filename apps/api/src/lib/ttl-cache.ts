import type { Clock } from './clock';

/**
 * A small in-process cache for public reads that many visitors repeat (blog and news lists).
 * Concurrent misses share one load; a failed load is not cached. Each process keeps its own
 * copy, so a change shows everywhere within `ttlMs`, or at once in the process that called
 * `clear()`.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: Clock,
    /** Bounds memory when keys come from requests (ids). */
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
