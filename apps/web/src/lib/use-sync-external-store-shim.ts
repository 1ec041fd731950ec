/**
 * Stands in for the `use-sync-external-store/shim` package (vite.config.ts `resolve.alias`):
 * react-i18next imports it to support React 16 and 17, but React 19 has the hook built in, so the
 * shim's fallback would be dead weight in every page's first download.
 */
export { useSyncExternalStore } from 'react';
