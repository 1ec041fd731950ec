// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDeviceValue } from './use-device-value';

const stored = 'on this phone';
const seen: string[] = [];

function Shows() {
  const value = useDeviceValue(() => stored, 'unknown');
  seen.push(value);
  return <p>{value}</p>;
}

describe('useDeviceValue', () => {
  afterEach(() => {
    seen.length = 0;
    document.body.innerHTML = '';
  });

  it('renders the server value on the server', () => {
    expect(renderToString(<Shows />)).toBe('<p>unknown</p>');
  });

  it("takes the server's page over as sent, then shows the device's value", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Shows />);
    document.body.append(container);
    seen.length = 0;
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Shows />, { onRecoverableError: mismatch });
    });
    expect(mismatch).not.toHaveBeenCalled();
    expect(seen[0]).toBe('unknown');
    expect(container.textContent).toBe('on this phone');
  });

  it("reads the device's value from the first render when the browser draws the page", async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<Shows />);
    });
    expect(seen).not.toContain('unknown');
    expect(container.textContent).toBe('on this phone');
  });
});
