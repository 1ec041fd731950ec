import { lazy, Suspense } from 'react';
import { toastContainerSettings, useToastsWanted } from '../lib/toast';

const ToastContainer = lazy(() =>
  import('react-toastify').then((module) => ({ default: module.ToastContainer })),
);

/** The app's one toast container, fetched and mounted with the first toast (lib/toast.ts). */
export function Toaster() {
  const wanted = useToastsWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <ToastContainer {...toastContainerSettings} />
    </Suspense>
  ) : null;
}
