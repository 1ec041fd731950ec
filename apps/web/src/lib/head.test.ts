// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePageMeta } from './head';

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

beforeEach(() => {
  document.head.innerHTML =
    '<title>Shell title</title><meta name="description" content="Shell description">';
});
afterEach(cleanup);

describe('usePageMeta', () => {
  it('sets the title and description while mounted and restores them afterwards', () => {
    const { unmount } = renderHook(() => usePageMeta('Blog post', 'About quitting'));
    expect(document.title).toBe('Blog post');
    expect(description()).toBe('About quitting');
    unmount();
    expect(document.title).toBe('Shell title');
    expect(description()).toBe('Shell description');
  });

  it('leaves the head alone until the text is known', () => {
    const { rerender } = renderHook(({ title }) => usePageMeta(title), {
      initialProps: { title: undefined as string | undefined },
    });
    expect(document.title).toBe('Shell title');
    rerender({ title: 'Loaded' });
    expect(document.title).toBe('Loaded');
    expect(description()).toBe('Shell description');
  });
});
