// @vitest-environment jsdom
import { Profiler, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { Dialog, DialogContent } from './dialog';
import { Sheet, SheetContent, SheetTrigger } from './sheet';

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

/** A page with a question dialog it opens itself, as the lesson feedback or refund dialogs do. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ask a question
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Any questions?">
          <p>Write to the team</p>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('shows nothing while closed, then its title and content, and closes on Escape', () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ask a question' }));
    expect(screen.getByRole('dialog', { name: 'Any questions?' })).toBeTruthy();
    expect(screen.getByText('Write to the team')).toBeTruthy();

    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('costs a page taken over from the server one render while closed, not a second one', async () => {
    // Radix's own closed content queued a synchronous update from a layout effect on mount,
    // which made React render again (and run every passive effect) inside the same commit.
    const commits: string[] = [];
    await act(async () => {
      render(
        <Profiler id="page" onRender={(_id, phase) => commits.push(phase)}>
          <Dialog open={false}>
            <DialogContent title="Closed">
              <p>Never shown</p>
            </DialogContent>
          </Dialog>
          <Sheet open={false}>
            <SheetContent title="Closed panel">
              <p>Never shown</p>
            </SheetContent>
          </Sheet>
        </Profiler>,
      );
    });
    expect(commits).toEqual(['mount']);
  });
});

describe('Sheet', () => {
  it('opens from its trigger when it keeps its own state', () => {
    render(
      <Sheet>
        <SheetTrigger>Menu</SheetTrigger>
        <SheetContent title="Menu">
          <a href="/blog">Blog</a>
        </SheetContent>
      </Sheet>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Blog' })).toBeTruthy();
  });
});
