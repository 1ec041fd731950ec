import clsx from 'clsx';
import { createContext, use, type ComponentProps, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

/** The `open` the dialog around was given; undefined when it keeps its own state. */
const DialogOpen = createContext<boolean | undefined>(undefined);

/**
 * Radix's dialog root, telling its content whether it is open. Closed content renders nothing at
 * all: Radix would still mount its `Presence` (for exit animations, which these dialogs have
 * none of), whose layout effect queues a synchronous update on every mount. On a page taken over
 * from the server's HTML that update made React run every passive effect and a second render
 * inside the takeover's commit, one long task on a slow phone (measured in a Lighthouse trace of
 * /dashboard on a 2-CPU machine, `npm run long-tasks`).
 */
export function Dialog(props: ComponentProps<typeof RadixDialog.Root>) {
  return (
    <DialogOpen value={props.open}>
      <RadixDialog.Root {...props} />
    </DialogOpen>
  );
}

/** True inside a dialog whose `open` is false: its content renders nothing. */
export function useDialogClosed(): boolean {
  return use(DialogOpen) === false;
}

export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  /** Visually hide the title when the design has none; screen readers still announce it. */
  hideTitle?: boolean;
  children?: ReactNode;
  className?: string;
}

/** A centred modal with focus trap, Escape to close and a labelled close button. */
export function DialogContent({
  title,
  description,
  hideTitle,
  children,
  className,
}: DialogContentProps) {
  const { t } = useTranslation();
  if (useDialogClosed()) return null;
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <RadixDialog.Content
        // Radix warns unless a missing description is stated explicitly.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={clsx(
          'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
          className,
        )}
      >
        <RadixDialog.Title
          className={clsx('pr-10 text-xl font-bold text-ink', hideTitle && 'sr-only')}
        >
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1 text-ink-muted">
            {description}
          </RadixDialog.Description>
        ) : null}
        {children}
        <RadixDialog.Close
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
          aria-label={t('common.close')}
        >
          <CloseIcon />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
