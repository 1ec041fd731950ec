import { useEffect, useState, type RefObject } from 'react';

/**
 * True from the first time the element comes within `rootMargin` of the viewport (and stays
 * true). With `initial`, or where IntersectionObserver is missing, it turns true right after the
 * first paint: content must never depend on an observer firing, but whatever this gates should
 * not hold up the page's first render either.
 */
export function useInView(
  ref: RefObject<Element | null>,
  { rootMargin = '0px', initial = false }: { rootMargin?: string; initial?: boolean } = {},
): boolean {
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    if (initial || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, initial, inView]);

  return inView;
}
