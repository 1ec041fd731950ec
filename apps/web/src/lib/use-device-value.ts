import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * A value this device keeps (local storage), read so that a page the server rendered is taken
 * over as it was sent (decision 076): the server cannot know it and renders `serverValue`, so
 * while React takes the page over it reads that too, and renders again with the device's value
 * at once after. A page the browser draws itself reads the device's value from the start.
 * `read` must return the same value for the same storage (a primitive, not a fresh object).
 */
export function useDeviceValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noChanges, read, () => serverValue);
}
