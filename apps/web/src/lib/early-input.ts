/**
 * What a reader did on a server-rendered page (decision 062) before the app took it over. The
 * page's links work without the app, but its controls do not: a language picked in the switcher
 * changed a select with nobody listening (and the takeover set it back), a tap on a button did
 * nothing. The page's loader (scripts/paint-first.js), which runs before any of the app's code,
 * writes such input on <html>; the control it was meant for applies it when the app mounts it.
 * Applying must be harmless when the app handled the input too (a tap during the takeover is
 * also dispatched by React): opening what is open, starting what has started.
 */
const PICKED_LANGUAGE = 'data-picked-language';
const TAPPED = 'data-early-tap';
/** On the other button tapped last before the app started (paint-first.js sets it). */
const TAPPED_BUTTON = 'data-early-tapped';
/** Set as the app starts rendering: from then on React answers taps itself (paint-first.js). */
const APP_STARTING = 'data-app-starting';
/** Set once the app runs: from then on the loader records nothing (paint-first.js reads it). */
const APP_RUNNING = 'data-app-running';

/** The button tapped before the app started, held until the app has taken the page over. */
let heldButton: HTMLElement | null = null;

/** The controls whose early tap is replayed; the name is their `data-early-tap` attribute. */
export type EarlyTapTarget = 'public-menu' | 'simulation-start';

function take(attribute: string): string | undefined {
  const root = document.documentElement;
  const value = root.getAttribute(attribute) ?? undefined;
  root.removeAttribute(attribute);
  return value;
}

/** The language picked before the app ran, once; undefined when there was none. */
export function takeEarlyLanguagePick(): string | undefined {
  return take(PICKED_LANGUAGE);
}

/** Marks a button whose tap before the takeover is replayed (spread on the button). */
export function earlyTapTarget(target: EarlyTapTarget): { 'data-early-tap': EarlyTapTarget } {
  return { 'data-early-tap': target };
}

/** Whether `target` was the last button tapped before the app ran; true once. */
export function takeEarlyTap(target: EarlyTapTarget): boolean {
  const root = document.documentElement;
  if (root.getAttribute(TAPPED) !== target) return false;
  root.removeAttribute(TAPPED);
  return true;
}

/**
 * Called just before the app renders. Any other button tapped until now (a question of the FAQ, a
 * help-centre card) is held to be tapped again once the app has taken the page over, when the app
 * keeps the server's elements (decision 069, amended). From here on React answers taps itself: it
 * replays those made while it takes the page over, so the loader records no more.
 */
export function holdEarlyTap(): void {
  const root = document.documentElement;
  root.setAttribute(APP_STARTING, '');
  heldButton = document.querySelector<HTMLElement>(`[${TAPPED_BUTTON}]`);
  heldButton?.removeAttribute(TAPPED_BUTTON);
}

/**
 * The app's first render has been committed and every control has taken what was meant for it:
 * what is left is dropped (a tap on a control this page no longer shows), and the loader stops
 * recording, so a later tap is never replayed on a control mounted later. The held button is
 * tapped again if it is still on the page: the app took the server's elements over. A page drawn
 * afresh has new elements, and only the controls marked data-early-tap answer there.
 */
export function markAppRunning(): void {
  const root = document.documentElement;
  root.removeAttribute(PICKED_LANGUAGE);
  root.removeAttribute(TAPPED);
  root.removeAttribute(APP_STARTING);
  root.setAttribute(APP_RUNNING, '');
  const button = heldButton;
  heldButton = null;
  if (button?.isConnected) button.click();
}
