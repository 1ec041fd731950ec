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

/** Whether the element is inside content made inert (unreachable by keyboard and pointer). */
const inert = (element: Element) => element.closest('[inert]') !== null;

describe('Splash', () => {
  it('shows the logo for 700 ms with the page under it inert, then gives the page back', () => {
    render(
      <Splash>
        <a href="/sos">SOS</a>
      </Splash>,
    );
    expect(screen.getByTestId('splash')).toBeTruthy();
    // The page underneath is rendered (its code and data load meanwhile), out of focus's reach.
    expect(inert(screen.getByRole('link', { name: 'SOS', hidden: true }))).toBe(true);

    act(() => vi.advanceTimersByTime(SPLASH_MS - 1));
    expect(screen.getByTestId('splash')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('splash')).toBeNull();
    expect(inert(screen.getByRole('link', { name: 'SOS' }))).toBe(false);
  });

  it('never makes a server-rendered page inert: its links worked before the app ran', () => {
    render(
      <Splash prerendered>
        <a href="/blog">Blog</a>
      </Splash>,
    );
    expect(inert(screen.getByRole('link', { name: 'Blog' }))).toBe(false);
  });

  it('opens /sos without the logo, nothing inert (decision 084)', () => {
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
    expect(inert(screen.getByRole('link', { name: 'Quitline' }))).toBe(false);
  });
});
