/**
 * Scroll positions are restored per history entry (React Router's `<ScrollRestoration>`, keyed
 * by `location.key`). The router gives every entry it pushes a key of its own, but a page loaded
 * by the browser itself (a typed address, `location.assign`, a link from another site, a reload
 * of a new tab) starts with no history state, and the router then calls it 'default': every such
 * page shared one saved position, and a page opened after scrolling another one opened scrolled
 * down. Giving that entry its own key in its history state before the router reads it keeps the
 * positions apart: a fresh load finds no position saved under its new key and opens at the top,
 * while back and forward (and a reload, which keeps the entry's state) find the entry's own one.
 */

type EntryState = { usr?: unknown; key?: unknown; idx?: unknown } | null;

/**
 * The state to write into the current entry so that the router reads a key of its own, or null
 * when the entry has one already (the router pushed it, or an earlier load of this entry keyed it).
 */
export function keyedEntryState(
  state: unknown,
  newKey: () => string,
): Record<string, unknown> | null {
  const current = (typeof state === 'object' ? state : null) as EntryState;
  if (typeof current?.key === 'string' && current.key !== '' && current.key !== 'default') {
    return null;
  }
  return { ...current, usr: current?.usr ?? null, key: newKey() };
}

/** A key like the router's own (8 base-36 characters). */
const randomKey = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');

/** Keys the entry the browser loaded this document into; call before the router is made. */
export function keyThisHistoryEntry(): void {
  const next = keyedEntryState(window.history.state, randomKey);
  if (next) window.history.replaceState(next, '');
}
