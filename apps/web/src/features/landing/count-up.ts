/** How long the landing counters take to reach their figure. */
export const COUNT_UP_MS = 1600;

/** Ease-out cubic: fast at first, settling gently on the final figure. */
function easeOut(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/**
 * The whole number a counter shows `elapsedMs` into its animation: 0 at the start, exactly
 * `target` from `durationMs` on, never above it.
 */
export function countUpValue(target: number, elapsedMs: number, durationMs = COUNT_UP_MS): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target;
  if (elapsedMs <= 0) return 0;
  return Math.min(target, Math.round(target * easeOut(elapsedMs / durationMs)));
}
