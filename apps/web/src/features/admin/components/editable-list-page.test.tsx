// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditableListPage } from './editable-list-page';
import { DeleteButton, EditButton } from './row-actions';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Item {
  id: string;
  name: string;
}
const items: Item[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

/** The console's pages sit inside the router (their page head reads the location). */
function Page() {
  return (
    <MemoryRouter>
      <EditableListPage
        title="Things"
        description="All the things"
        newLabel="New thing"
        editTitle="Edit thing"
        dialogClassName="max-w-2xl"
        list={{ isPending: false, error: null, data: items }}
        head={['Name', 'Actions']}
        row={(item, edit) => (
          <tr key={item.id}>
            <td>{item.name}</td>
            <td>
              <EditButton name={item.name} onClick={edit} />
            </td>
          </tr>
        )}
        form={(item, done) => (
          <div>
            <p>{item ? `Form for ${item.name}` : 'Form for a new thing'}</p>
            <button type="button" onClick={done}>
              Done
            </button>
          </div>
        )}
      />
    </MemoryRouter>
  );
}

describe('EditableListPage', () => {
  it('lists the rows and opens the form for a new item, then closes it when done', () => {
    render(<Page />);
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'New thing' }));
    const dialog = screen.getByRole('dialog', { name: 'New thing' });
    expect(dialog.textContent).toContain('Form for a new thing');

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the form on the row whose Edit button was pressed, titled for editing', () => {
    render(<Page />);
    // No i18n instance here, so the buttons are named by their key; the second row is Beta.
    const editButtons = screen.getAllByRole('button', { name: 'common.editNamed' });
    fireEvent.click(editButtons[1]!);
    const dialog = screen.getByRole('dialog', { name: 'Edit thing' });
    expect(dialog.textContent).toContain('Form for Beta');
  });
});

describe('DeleteButton', () => {
  it('deletes only once the operator confirms', () => {
    const mutate = vi.fn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    render(<DeleteButton id="a" remove={{ mutate }} confirm="Delete Alpha?" deleted="Deleted" />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith('Delete Alpha?');
    expect(mutate).not.toHaveBeenCalled();

    confirm.mockReturnValueOnce(true);
    fireEvent.click(button);
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(mutate.mock.calls[0]?.[0]).toBe('a');
  });
});
