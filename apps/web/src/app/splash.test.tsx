// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { showsSplash, Splash, SPLASH_MS } from './splash';

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Presses Tab as the browser delivers it: to the focused element, bubbling through window. */
function pressTab(): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event;
}

describe('Splash', () => {
  it('shows the logo for 700 ms, holding Tab meanwhile, then gives the keyboard back', () => {
    render(
      <Splash>
        <a href="/sos">SOS</a>
      </Splash>,
    );
    expect(screen.getByTestId('splash')).toBeTruthy();
    // Focus would land on the link under the logo: the browser's default move is cancelled.
    expect(pressTab().defaultPrevented).toBe(true);
    // The page underneath is rendered (its code and data load meanwhile) and not made inert.
    expect(screen.getByRole('link', { name: 'SOS' }).closest('[inert]')).toBeNull();

    act(() => vi.advanceTimersByTime(SPLASH_MS - 1));
    expect(screen.getByTestId('splash')).toBeTruthy();
    expect(pressTab().defaultPrevented).toBe(true);

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('splash')).toBeNull();
    expect(pressTab().defaultPrevented).toBe(false);
  });

  it('lets other keys through while the logo shows', () => {
    render(
      <Splash>
        <p>Dashboard</p>
      </Splash>,
    );
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    document.body.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(false);
  });

  it('stops holding Tab when it leaves the page before its time', () => {
    const { unmount } = render(
      <Splash>
        <p>Dashboard</p>
      </Splash>,
    );
    unmount();
    expect(pressTab().defaultPrevented).toBe(false);
  });

  it('opens /sos without the logo and holds no key (decision 084)', () => {
    expect(showsSplash('/sos')).toBe(false);
    expect(showsSplash('/sos/')).toBe(false);
    expect(showsSplash('/dashboard')).toBe(true);
    expect(showsSplash('/')).toBe(true);
    render(
      <Splash shown={false}>
        <a href="tel:1800112356">Quitline</a>
      </Splash>,
    );
    expect(screen.queryByTestId('splash')).toBeNull();
    expect(screen.getByRole('link', { name: 'Quitline' })).toBeTruthy();
    expect(pressTab().defaultPrevented).toBe(false);
  });
});
