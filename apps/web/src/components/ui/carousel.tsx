import clsx from 'clsx';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** Whether a carousel of `count` items shows its arrows: only when there are more than `max`. */
export function carouselShowsArrows(count: number, maxWithoutArrows: number): boolean {
  return count > maxWithoutArrows;
}

export interface CarouselProps {
  /** Names the region, e.g. "Lesson List". */
  label: string;
  itemCount: number;
  /** Up to this many items fit without arrows (spec §9: 3 in the player, 4 on the dashboard). */
  maxWithoutArrows: number;
  /** The items, each an <li>. */
  children: ReactNode;
  className?: string;
}

/**
 * A row of cards that scrolls sideways. The arrows scroll by most of a screenful; the row itself
 * also scrolls by touch, trackpad, or by tabbing through the cards.
 */
export function Carousel({
  label,
  itemCount,
  maxWithoutArrows,
  children,
  className,
}: CarouselProps) {
  const { t } = useTranslation();
  const row = useRef<HTMLUListElement>(null);
  const arrows = carouselShowsArrows(itemCount, maxWithoutArrows);

  const scroll = (direction: -1 | 1) => {
    const element = row.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <section aria-label={label} className={clsx('relative', className)}>
      <div className="flex items-center gap-2">
        {arrows ? (
          <Button
            variant="secondary"
            size="icon"
            onClick={() => scroll(-1)}
            aria-label={t('carousel.previous')}
          >
            <ChevronLeftIcon />
          </Button>
        ) : null}
        <ul
          ref={row}
          className="flex min-w-0 flex-1 snap-x scroll-px-1 gap-3 overflow-x-auto scroll-smooth p-1 pb-3"
        >
          {children}
        </ul>
        {arrows ? (
          <Button
            variant="secondary"
            size="icon"
            onClick={() => scroll(1)}
            aria-label={t('carousel.next')}
          >
            <ChevronRightIcon />
          </Button>
        ) : null}
      </div>
    </section>
  );
}
