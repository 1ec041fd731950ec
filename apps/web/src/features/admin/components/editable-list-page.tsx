import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AdminPage, QueryState } from './admin-page';
import { DataTable } from './data-table';
import { EditorDialog, useEditing } from './editor-dialog';

/** Console sections whose texts include a heading, an intro, and New and Edit titles. */
export type ListSection =
  'blogs' | 'news' | 'plans' | 'coupons' | 'liveSessions' | 'notificationDefinitions';

/**
 * A console page that lists items in a table, with a "New" button and a dialog that edits a new
 * item or a row. The page brings its columns, its rows and its form; its texts are its own, or
 * those of its `section` of the console's catalogue (heading, intro, new, edit).
 */
export function EditableListPage<T>(
  props: ListPageProps<T> &
    (
      | { section: ListSection }
      | { title: string; description: ReactNode; newLabel: string; editTitle: string }
    ),
) {
  const { t } = useTranslation('admin');
  const texts =
    'section' in props
      ? {
          title: t(`${props.section}.heading`),
          description: t(`${props.section}.intro`),
          newLabel: t(`${props.section}.new`),
          editTitle: t(`${props.section}.edit`),
        }
      : props;
  return <ListPage {...props} {...texts} />;
}

interface ListPageProps<T> {
  dialogClassName: string;
  list: { isPending: boolean; error: unknown; data: readonly T[] | undefined };
  head: ReactNode[];
  /** One table row (with its key); `edit` opens the dialog on it. */
  row: (item: T, edit: () => void) => ReactNode;
  /** The dialog's form: `item` is undefined for a new one; `done` closes the dialog. */
  form: (item: T | undefined, done: () => void) => ReactNode;
  /** Anything more on the page, after the dialog. */
  children?: ReactNode;
}

function ListPage<T>({
  title,
  description,
  newLabel,
  editTitle,
  dialogClassName,
  list,
  head,
  row,
  form,
  children,
}: ListPageProps<T> & {
  /** The heading, also the table's caption. */
  title: string;
  description: ReactNode;
  /** The New button's text and its dialog's title. */
  newLabel: string;
  editTitle: string;
}) {
  const editor = useEditing<T>();
  return (
    <AdminPage
      title={title}
      description={description}
      actions={<Button onClick={editor.startNew}>{newLabel}</Button>}
    >
      <QueryState isPending={list.isPending} error={list.error} isEmpty={list.data?.length === 0}>
        <DataTable caption={title} head={head}>
          {(list.data ?? []).map((item) => row(item, () => editor.edit(item)))}
        </DataTable>
      </QueryState>
      <EditorDialog
        editor={editor}
        newTitle={newLabel}
        editTitle={editTitle}
        className={dialogClassName}
      >
        {(item) => form(item, editor.close)}
      </EditorDialog>
      {children}
    </AdminPage>
  );
}
