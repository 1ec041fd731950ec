import clsx from 'clsx';
import type { ComponentProps } from 'react';
import { DropdownMenu as RadixMenu } from 'radix-ui';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  align = 'end',
  ...props
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={sideOffset}
        align={align}
        className={clsx(
          'z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg',
          className,
        )}
        {...props}
      />
    </RadixMenu.Portal>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof RadixMenu.Label>) {
  return (
    <RadixMenu.Label
      className={clsx('px-3 py-2 text-sm font-semibold text-ink-muted', className)}
      {...props}
    />
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return (
    <RadixMenu.Item
      className={clsx(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-ink outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={clsx('my-1 h-px bg-slate-200', className)} {...props} />;
}
