/**
 * The time source for rules that depend on "now" (code expiry, resend cooldowns, retry backoff),
 * so tests can move time instead of waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
