// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSanitizer, SafeHtml } from './safe-html';

afterEach(cleanup);

async function rendered(html: string): Promise<HTMLElement> {
  const { container } = render(<SafeHtml html={html} />);
  const root = container.firstElementChild as HTMLElement;
  await waitFor(() => expect(root.innerHTML).not.toBe(''));
  return root;
}

describe('SafeHtml', () => {
  it('keeps the allowed formatting', async () => {
    const root = await rendered(
      '<p>Walk through the <strong>4 Ds</strong></p><ul><li>delay</li></ul>',
    );
    expect(root.innerHTML).toBe(
      '<p>Walk through the <strong>4 Ds</strong></p><ul><li>delay</li></ul>',
    );
  });

  it('drops script, event handlers and styles', async () => {
    const root = await rendered(
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(2)</script><img src=x onerror="alert(3)"></p>',
    );
    expect(root.innerHTML).toBe('<p>Hi</p>');
  });

  it('keeps safe links, opening in a new tab without a referrer, and drops javascript: ones', async () => {
    const root = await rendered(
      '<a href="https://exhale.example/a">ok</a><a href="javascript:alert(1)">bad</a><a href="//evil.example">rel</a>',
    );
    const links = root.querySelectorAll('a');
    expect(links[0]!.getAttribute('href')).toBe('https://exhale.example/a');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(links[1]!.hasAttribute('href')).toBe(false);
    expect(links[2]!.hasAttribute('href')).toBe(false);
  });
});

describe('SafeHtml on a page the server rendered', () => {
  const serverText = '<p>Walk through the <strong>4 Ds</strong></p>';

  /** The element as the server sends it: the text sanitised there, inside SafeHtml's wrapper. */
  async function serverMarkup(): Promise<HTMLElement> {
    await loadSanitizer();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SafeHtml html={serverText} />);
    expect(container.firstElementChild!.innerHTML).toBe(serverText);
    document.body.append(container);
    return container;
  }

  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('sanitises the text itself when the app takes the page over, without a hydration warning', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = await serverMarkup();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <SafeHtml html={serverText} />);
    });
    await waitFor(() => expect(container.firstElementChild!.innerHTML).toBe(serverText));
    expect(errors).not.toHaveBeenCalled();

    await act(async () => {
      root!.render(<SafeHtml html={'<p>New<script>alert(1)</script></p>'} />);
    });
    await waitFor(() => expect(container.firstElementChild!.innerHTML).toBe('<p>New</p>'));
    act(() => root!.unmount());
  });
});
