import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';

/**
 * A small button that downloads a document (an invoice, a credit note); a failure is shown as the
 * server's message in a toast, as for any other console action.
 */
export function DownloadButton({
  download,
  label,
  children,
}: {
  download: () => Promise<void>;
  /** The accessible name, saying which document ('Download invoice EXH/…'). */
  label: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() =>
        void download().catch((error: unknown) => handleApiError(error, 'common.genericError'))
      }
      aria-label={label}
    >
      {children}
    </Button>
  );
}
