// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyTap, markAppRunning, takeEarlyLanguagePick, takeEarlyTap } from './early-input';

const root = document.documentElement;

afterEach(() => {
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  document.body.innerHTML = '';
});

/** A button of the server's page, tapped before the app started (as paint-first.js marks it). */
function tappedButton(onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.setAttribute('data-early-tapped', '');
  button.addEventListener('click', onClick);
  document.body.append(button);
  return button;
}

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

  it('a tap on another button is held as the app starts, then made again once, once it runs', () => {
    const clicks = vi.fn();
    const button = tappedButton(clicks);
    holdEarlyTap();
    // React takes the page over with the button as the server rendered it, without the mark.
    expect(button.hasAttribute('data-early-tapped')).toBe(false);
    expect(root.hasAttribute('data-app-starting')).toBe(true);
    expect(clicks).not.toHaveBeenCalled();
    markAppRunning();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(root.hasAttribute('data-app-starting')).toBe(false);
    markAppRunning();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('a tap on a button the app drew afresh is dropped', () => {
    const clicks = vi.fn();
    const button = tappedButton(clicks);
    holdEarlyTap();
    button.remove();
    markAppRunning();
    expect(clicks).not.toHaveBeenCalled();
  });
});
