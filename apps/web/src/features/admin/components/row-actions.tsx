import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';

/** The buttons in a table row's actions cell. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap gap-1">{children}</div>;
}

/** A row's Edit button; `name` labels it for screen readers ("Edit <name>"). */
export function EditButton({ name, onClick }: { name?: string; onClick: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      aria-label={name === undefined ? undefined : t('common.editNamed', { name })}
    >
      {t('common.edit')}
    </Button>
  );
}

/** A delete mutation taking the item's id (e.g. useDeleteBlog()). */
interface DeleteMutation {
  mutate: (
    id: string,
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
}

/** A row's Delete button: asks `confirm` first, then deletes and toasts `deleted`. */
export function DeleteButton({
  id,
  remove,
  confirm,
  deleted,
  label,
  disabled,
}: {
  id: string;
  remove: DeleteMutation;
  confirm: string;
  deleted: string;
  /** The button's accessible name, when "Delete" alone would be ambiguous. */
  label?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={disabled}
      aria-label={label}
      onClick={() => {
        if (!window.confirm(confirm)) return;
        remove.mutate(id, {
          onSuccess: () => notify.success(deleted),
          onError: (error) => handleApiError(error, 'common.genericError'),
        });
      }}
    >
      {t('common.delete')}
    </Button>
  );
}
