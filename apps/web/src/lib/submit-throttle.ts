import { useCallback, useRef } from 'react';

/** Spec §5/§9: submissions are rate-limited to one per 3000 ms. */
export const SUBMIT_THROTTLE_MS = 3000;

/** Whether a submission at `now` may go ahead after the last accepted one at `last`. */
export function submitAllowed(last: number | null, now: number, windowMs = SUBMIT_THROTTLE_MS) {
  return last === null || now - last >= windowMs;
}

/**
 * Guards a submit button against double clicks and impatient repeats: `tryStart()` answers true
 * at most once per window. Call it only after the form passed its own checks, so a warning such
 * as 'Please answer all questions' does not cost the user three seconds.
 */
export function useSubmitThrottle(windowMs = SUBMIT_THROTTLE_MS): () => boolean {
  const last = useRef<number | null>(null);
  return useCallback(() => {
    const now = Date.now();
    if (!submitAllowed(last.current, now, windowMs)) return false;
    last.current = now;
    return true;
  }, [windowMs]);
}
