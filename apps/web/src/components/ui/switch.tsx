import clsx from 'clsx';
import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * An on/off switch (role "switch", toggled with Space or a click). Name it with a <label htmlFor>
 * or aria-labelledby, and describe it with aria-describedby, like any form control.
 */
export function Switch({ className, ...props }: ComponentProps<typeof RadixSwitch.Root>) {
  return (
    <RadixSwitch.Root
      className={clsx(
        'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-slate-500 transition-colors data-[state=checked]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="pointer-events-none block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </RadixSwitch.Root>
  );
}
