import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Dialog, useDialogClosed } from './dialog';
import { CloseIcon } from './icons';

/** A dialog root: closed, its content renders nothing (ui/dialog.tsx). */
export const Sheet = Dialog;
export const SheetTrigger = RadixDialog.Trigger;
export const SheetClose = RadixDialog.Close;

export interface SheetContentProps {
  title: ReactNode;
  side?: 'left' | 'right';
  children?: ReactNode;
  className?: string;
}

/** A panel sliding in from a screen edge; a modal dialog underneath (focus trap, Escape). */
export function SheetContent({ title, side = 'right', children, className }: SheetContentProps) {
  const { t } = useTranslation();
  if (useDialogClosed()) return null;
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <RadixDialog.Content
        aria-describedby={undefined}
        className={clsx(
          'fixed inset-y-0 z-50 flex w-[min(24rem,88vw)] flex-col bg-white shadow-2xl',
          side === 'right'
            ? 'right-0 motion-safe:animate-sheet-right'
            : 'left-0 motion-safe:animate-sheet-left',
          className,
        )}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
          <RadixDialog.Title className="text-lg font-bold text-ink">{title}</RadixDialog.Title>
          <RadixDialog.Close
            className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
            aria-label={t('common.close')}
          >
            <CloseIcon />
          </RadixDialog.Close>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
