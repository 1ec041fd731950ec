import { toast } from 'react-toastify';

/** Main-layout toast settings (spec §2): top-centre, closing after 2 s instead of 5 s top-right. */
export const toastContainerSettings = {
  position: 'top-center',
  autoClose: 2000,
} as const;

// The text doubles as the toast id so one event that fires twice (a retried request, a guard
// that runs for two nested routes) shows one toast, not a stack of identical ones.
export const notify = {
  success: (message: string) => toast.success(message, { toastId: message }),
  error: (message: string) => toast.error(message, { toastId: message }),
  warning: (message: string) => toast.warning(message, { toastId: message }),
  info: (message: string) => toast.info(message, { toastId: message }),
};
