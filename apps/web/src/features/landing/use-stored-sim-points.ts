import { useCallback, useSyncExternalStore } from 'react';
import { clearFirstEvent, getFirstEvent, setFirstEvent } from '../../lib/storage';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const storedPoints = () => getFirstEvent()?.points ?? null;

/**
 * The visitor's landing-page SIM score kept on the device (spec §2, 'first_event'), or null.
 *
 * Read through `useSyncExternalStore` so that the server-rendered landing page (no device storage,
 * so no score) is taken over as it is: React hydrates with the server's null, then shows the stored
 * result, instead of failing the hydration for a returning visitor.
 */
export function useStoredSimPoints(): [number | null, (points: number | null) => void] {
  const points = useSyncExternalStore(subscribe, storedPoints, () => null);
  const save = useCallback((next: number | null) => {
    if (next === null) clearFirstEvent();
    else setFirstEvent({ points: next });
    listeners.forEach((listener) => listener());
  }, []);
  return [points, save];
}
