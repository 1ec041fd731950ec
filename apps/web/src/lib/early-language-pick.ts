/**
 * A reader on a server-rendered page (decision 062) can pick a language in the page's switcher
 * before the app has taken the page over: the select changes with nobody listening, and the
 * takeover would set it back to the page's language. The page's loader (scripts/paint-first.js),
 * which runs before any of the app's code, writes such a pick on <html>; the switcher applies it
 * when the app mounts it.
 */
const EARLY_PICK_ATTRIBUTE = 'data-picked-language';

/** The language picked before the app ran, once; undefined when there was none. */
export function takeEarlyLanguagePick(): string | undefined {
  const root = document.documentElement;
  const pick = root.getAttribute(EARLY_PICK_ATTRIBUTE) ?? undefined;
  root.removeAttribute(EARLY_PICK_ATTRIBUTE);
  return pick;
}
