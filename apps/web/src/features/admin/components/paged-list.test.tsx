// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagedList, PagedTable, usePagedFilter, type PagedQuery } from './paged-list';
import { SearchForm } from './search-form';

afterEach(cleanup);

interface Person {
  id: string;
  name: string;
}

/** A server with 60 people, 25 a page, whose rows say which page and search they came from. */
const server = vi.fn(({ page, q }: { page: number; q: string }): PagedQuery<Person> => ({
  isPending: false,
  error: null,
  data: {
    data: [{ id: `${page}`, name: `Page ${page} of "${q}"` }],
    page,
    page_size: 25,
    total: 60,
  },
}));

/** A list page as the console builds one: a search box over a paged table. */
function PeoplePage() {
  const { page, setPage, filter: q, setFilter: setQ } = usePagedFilter('');
  const people = server({ page, q });
  return (
    <>
      <SearchForm label="Find people" onSearch={setQ} />
      <PagedTable
        list={people}
        onPage={setPage}
        caption="People"
        head={['Name']}
        row={(person) => (
          <tr key={person.id}>
            <td>{person.name}</td>
          </tr>
        )}
      />
    </>
  );
}

// No i18n instance here, so the console's own texts are their keys.
const lastRequest = () => server.mock.lastCall?.[0];

describe('a paged list with a search', () => {
  it('starts at page 1 with no search and pages through the results', () => {
    render(<PeoplePage />);
    expect(lastRequest()).toEqual({ page: 1, q: '' });
    expect(screen.getByRole('table', { name: 'People' }).textContent).toContain('Page 1 of ""');

    fireEvent.click(screen.getByRole('button', { name: 'common.next' }));
    expect(lastRequest()).toEqual({ page: 2, q: '' });
    expect(screen.getByRole('table', { name: 'People' }).textContent).toContain('Page 2 of ""');
  });

  it('searches on submit, not on each key, without surrounding spaces, from page 1 again', () => {
    render(<PeoplePage />);
    fireEvent.click(screen.getByRole('button', { name: 'common.next' }));
    expect(lastRequest()).toEqual({ page: 2, q: '' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Find people' }), {
      target: { value: '  asha  ' },
    });
    expect(lastRequest()).toEqual({ page: 2, q: '' });

    fireEvent.click(screen.getByRole('button', { name: 'common.search' }));
    expect(lastRequest()).toEqual({ page: 1, q: 'asha' });
    // The box keeps what was typed, as it was typed.
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Find people' }).value).toBe(
      '  asha  ',
    );
  });
});

describe('usePagedFilter', () => {
  it('goes back to page 1 when the filter changes, even to the same value', () => {
    const { result } = renderHook(() => usePagedFilter<'open' | 'all'>('open'));
    act(() => result.current.setPage(3));
    expect(result.current).toMatchObject({ page: 3, filter: 'open' });

    act(() => result.current.setFilter('all'));
    expect(result.current).toMatchObject({ page: 1, filter: 'all' });

    act(() => result.current.setPage(2));
    act(() => result.current.setFilter('all'));
    expect(result.current).toMatchObject({ page: 1, filter: 'all' });
  });
});

describe('PagedList', () => {
  /** The list as cards, to show PagedList works with any markup, not only a table. */
  const renderList = (list: PagedQuery<Person>, emptyText?: string) =>
    render(
      <PagedList list={list} emptyText={emptyText} onPage={() => {}}>
        {(people) => (
          <ul>
            {people.map((person) => (
              <li key={person.id}>{person.name}</li>
            ))}
          </ul>
        )}
      </PagedList>,
    );
  const pageOf = (data: Person[]) => ({ data, page: 1, page_size: 25, total: data.length });

  it('says it is loading, and shows neither rows nor pager', () => {
    renderList({ isPending: true, error: null, data: undefined });
    expect(screen.getByRole('status').textContent).toBe('common.loading');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says the list failed to load', () => {
    renderList({ isPending: false, error: new Error('down'), data: undefined });
    expect(screen.getByRole('alert').textContent).toBe('common.loadFailed');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("says the page's own empty text when nothing matches", () => {
    renderList({ isPending: false, error: null, data: pageOf([]) }, 'Nobody yet');
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the rows with the pager under them', () => {
    renderList({ isPending: false, error: null, data: pageOf([{ id: 'a', name: 'Asha' }]) });
    expect(screen.getByRole('list').textContent).toBe('Asha');
    const pager = screen.getByRole('navigation', { name: 'common.pagination' });
    expect(screen.getByRole('list').compareDocumentPosition(pager)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
