import { useEffect, type RefObject } from 'react';

/** How long the page may still settle after a jump (sections rendering, questions arriving). */
const SETTLE_MS = 2500;
/** Room between the sticky header and the target. */
const GAP_PX = 12;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Keeps `target` just below the sticky header after a jump to it (decision 045). Sections of the
 * landing page render only near the viewport (content-visibility), so their heights change as the
 * browser scrolls past them and a one-off scroll lands off target; this aligns at once and again
 * whenever the page's size changes, until the page settles or the visitor scrolls themselves.
 * `jump` changes on every jump (the location key), so pressing the button twice aligns twice.
 */
export function useAlignOnJump(target: RefObject<HTMLElement | null>, jump: string | null): void {
  useEffect(() => {
    if (jump === null) return;
    let stopped = false;
    const align = () => {
      const element = target.current;
      if (stopped || !element) return;
      const header = document.querySelector<HTMLElement>('header.sticky');
      const offset = (header?.offsetHeight ?? 0) + GAP_PX;
      const top = Math.max(0, element.getBoundingClientRect().top + window.scrollY - offset);
      if (Math.abs(window.scrollY - top) > 1) window.scrollTo({ top, behavior: 'instant' });
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(align);
    const stop = () => {
      stopped = true;
      observer?.disconnect();
      window.clearTimeout(timer);
      for (const type of USER_INPUT) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, SETTLE_MS);
    for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
    observer?.observe(document.body);
    align();
    const frame = window.requestAnimationFrame(align);
    return () => {
      window.cancelAnimationFrame(frame);
      stop();
    };
  }, [target, jump]);
}
