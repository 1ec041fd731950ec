import { useEffect, useMemo, useRef } from 'react';

export interface DebouncedCallback<A extends unknown[]> {
  (...args: A): void;
  /** Runs a pending call now (e.g. on submit, so the last keystrokes are not lost). */
  flush(): void;
}

/** Calls `callback` with the latest arguments once `delayMs` passed without another call. */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
): DebouncedCallback<A> {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<A | null>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useMemo(() => {
    const flush = () => {
      window.clearTimeout(timer.current);
      const args = pending.current;
      pending.current = null;
      if (args) latest.current(...args);
    };
    const debounced = (...args: A) => {
      pending.current = args;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, delayMs);
    };
    return Object.assign(debounced, { flush });
  }, [delayMs]);
}
