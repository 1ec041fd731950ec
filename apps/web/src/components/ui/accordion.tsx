import clsx from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

/**
 * Which item is open after `clicked` is pressed: at most one is open, so opening one closes the
 * other, and pressing the open one closes it (spec §2 "FAQ").
 */
export function toggleOpenItem(open: string | null, clicked: string): string | null {
  return open === clicked ? null : clicked;
}

export interface AccordionItem {
  /** Unique within the accordion; also used in the element ids. */
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Level of the headings that wrap the buttons, so they fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  defaultOpen?: string | null;
  className?: string;
}

/**
 * The WAI-ARIA accordion pattern: each title is a button inside a heading, announcing whether its
 * panel is expanded and which element it controls. Panels are hidden, not unmounted, so in-page
 * search finds nothing stale and the ids the buttons point at always exist.
 */
export function Accordion({
  items,
  headingLevel = 3,
  defaultOpen = null,
  className,
}: AccordionProps) {
  const [open, setOpen] = useState<string | null>(defaultOpen);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  return (
    <div
      className={clsx('divide-y divide-slate-200 rounded-2xl border border-slate-200', className)}
    >
      {items.map((item) => {
        const expanded = open === item.id;
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <Heading className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((current) => toggleOpenItem(current, item.id))}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-4 py-3 text-left text-lg font-semibold text-ink hover:bg-brand-50 sm:px-6"
              >
                <span>{item.title}</span>
                <ChevronDownIcon
                  className={clsx(
                    'size-5 shrink-0 text-brand-800 motion-safe:transition-transform',
                    expanded && 'rotate-180',
                  )}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-4 pb-5 text-ink-muted sm:px-6"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
