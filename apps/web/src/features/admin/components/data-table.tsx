import clsx from 'clsx';
import type { ReactNode } from 'react';

/**
 * A plain, semantic table that scrolls sideways on narrow screens. The caption names it for
 * screen readers (visually hidden: the page heading already says what it is). The scrolling box
 * is a named region in the tab order, so a keyboard can reach it and scroll it with the arrow keys
 * (axe: scrollable-region-focusable).
 */
export function DataTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: ReactNode[];
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-ink">
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={clsx('px-3 py-2 align-top text-ink', className)}>{children}</td>;
}

/** A small coloured label for a status; the text itself says it, the colour only helps. */
export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'good' | 'warn' | 'bad';
  children: ReactNode;
}) {
  const tones = {
    neutral: 'bg-slate-100 text-slate-800',
    good: 'bg-green-100 text-green-900',
    warn: 'bg-amber-100 text-amber-900',
    bad: 'bg-red-100 text-red-900',
  };
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
