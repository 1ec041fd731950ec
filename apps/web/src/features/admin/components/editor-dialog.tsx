import { useState, type ReactNode } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';

/** What a list page's editor is open on: a new item, an existing one, or nothing (closed). */
export interface Editing<T> {
  editing: T | 'new' | null;
  startNew: () => void;
  edit: (item: T) => void;
  close: () => void;
}

/** The open/closed state of a list page's editor dialog. */
export function useEditing<T>(): Editing<T> {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    editing,
    startNew: () => setEditing('new'),
    edit: (item) => setEditing(item),
    close: () => setEditing(null),
  };
}

/**
 * The dialog around a list page's form: titled "new" or "edit", it renders the form for the
 * item being edited (undefined for a new one) while open.
 */
export function EditorDialog<T>({
  editor,
  newTitle,
  editTitle,
  className,
  children,
}: {
  editor: Editing<T>;
  newTitle: string;
  editTitle: string;
  className?: string;
  children: (item: T | undefined) => ReactNode;
}) {
  const { editing } = editor;
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && editor.close()}>
      {editing !== null ? (
        <DialogContent title={editing === 'new' ? newTitle : editTitle} className={className}>
          {children(editing === 'new' ? undefined : editing)}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
