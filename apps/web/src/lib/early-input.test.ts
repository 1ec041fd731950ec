// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { markAppRunning, takeEarlyLanguagePick, takeEarlyTap } from './early-input';

const root = document.documentElement;

afterEach(() => {
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
});

describe('input given before the app took the page over', () => {
  it('a tap is replayed once, on the control it was meant for', () => {
    root.setAttribute('data-early-tap', 'public-menu');
    expect(takeEarlyTap('simulation-start')).toBe(false);
    expect(takeEarlyTap('public-menu')).toBe(true);
    expect(takeEarlyTap('public-menu')).toBe(false);
  });

  it('a language pick is taken once', () => {
    root.setAttribute('data-picked-language', 'ta');
    expect(takeEarlyLanguagePick()).toBe('ta');
    expect(takeEarlyLanguagePick()).toBeUndefined();
  });

  it('once the app runs, what no control took is dropped and the loader is told to stop', () => {
    root.setAttribute('data-early-tap', 'simulation-start');
    root.setAttribute('data-picked-language', 'hi');
    markAppRunning();
    expect(takeEarlyTap('simulation-start')).toBe(false);
    expect(takeEarlyLanguagePick()).toBeUndefined();
    expect(root.hasAttribute('data-app-running')).toBe(true);
  });
});
