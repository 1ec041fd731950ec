import { useState, type ReactNode } from 'react';
import { QueryState } from './admin-page';
import { DataTable } from './data-table';
import { Pagination } from './pagination';

/** One page of a paged console list, as the API answers it. */
interface PageOf<T> {
  data: readonly T[];
  page: number;
  page_size: number;
  total: number;
}

/** A paged list's query, as TanStack Query gives it. */
export interface PagedQuery<T> {
  isPending: boolean;
  error: unknown;
  data: PageOf<T> | undefined;
}

/**
 * The page a console list shows and the filter (a search, a status) it is read with. A new filter
 * goes back to page 1: page 3 of the old results may not exist in the new ones.
 */
export function usePagedFilter<F>(initialFilter: F) {
  const [filter, setFilterOnly] = useState(initialFilter);
  const [page, setPage] = useState(1);
  return {
    page,
    setPage,
    filter,
    setFilter: (value: F) => {
      setFilterOnly(value);
      setPage(1);
    },
  };
}

interface PagedListProps<T> {
  list: PagedQuery<T>;
  /** What an empty list says; the console's generic "nothing here" otherwise. */
  emptyText?: string;
  onPage: (page: number) => void;
}

/**
 * A paged query's loading, failure and empty states, then its rows and the pager under them. The
 * page brings how the rows look (a table, cards).
 */
export function PagedList<T>({
  list,
  emptyText,
  onPage,
  children,
}: PagedListProps<T> & { children: (rows: readonly T[]) => ReactNode }) {
  const body = list.data;
  return (
    <QueryState
      isPending={list.isPending}
      error={list.error}
      isEmpty={body?.data.length === 0}
      emptyText={emptyText}
    >
      {children(body?.data ?? [])}
      {body ? (
        <Pagination page={body.page} pageSize={body.page_size} total={body.total} onPage={onPage} />
      ) : null}
    </QueryState>
  );
}

/** A paged query shown as a table: the caption names it, `row` renders one row with its key. */
export function PagedTable<T>({
  caption,
  head,
  row,
  ...paged
}: PagedListProps<T> & {
  caption: string;
  head: ReactNode[];
  row: (item: T) => ReactNode;
}) {
  return (
    <PagedList {...paged}>
      {(rows) => (
        <DataTable caption={caption} head={head}>
          {rows.map((item) => row(item))}
        </DataTable>
      )}
    </PagedList>
  );
}
