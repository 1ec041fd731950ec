// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from './i18n';
import { useTranslated } from './use-translated';

// The fetch layer: POST /api/translate answered from a small table, or failing on demand.
const post = vi.hoisted(() => vi.fn());
vi.mock('./api', async (importActual) => {
  const actual = await importActual<typeof import('./api')>();
  return { ...actual, api: { ...actual.api, POST: post } };
});

const HINDI: Record<string, string> = {
  Reminders: 'रिमाइंडर',
  'Email reminders': 'ईमेल रिमाइंडर',
};

function answer(body: { text: string; target: string }) {
  const text = body.target === 'hi' ? (HINDI[body.text] ?? body.text) : body.text;
  return {
    data: { success: true, data: { text } },
    error: undefined,
    response: new Response(null, { status: 200 }),
  };
}

const failure = () => ({
  data: undefined,
  error: { success: false, message: 'Too many requests', code: 'RATE_LIMITED' },
  response: new Response(null, { status: 429 }),
});

const sentTexts = () =>
  post.mock.calls.map(([, options]) => (options as { body: { text: string } }).body.text);

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  post.mockReset();
  post.mockImplementation(async (_path: string, { body }: { body: never }) => answer(body));
  await setLanguage('hi');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await setLanguage('en');
});

describe('useTranslated', () => {
  it('asks for nothing and changes nothing in English', async () => {
    await setLanguage('en');
    const { result } = renderHook(() => useTranslated(['Reminders']), { wrapper });
    expect(result.current('Reminders')).toBe('Reminders');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the original at once, then the translation from POST /api/translate', async () => {
    const { result } = renderHook(
      () => useTranslated(['Reminders', 'Email reminders', 'Reminders', '  ']),
      { wrapper },
    );
    // Rendering does not wait for the API.
    expect(result.current('Reminders')).toBe('Reminders');
    await waitFor(() => expect(result.current('Reminders')).toBe('रिमाइंडर'));
    expect(result.current('Email reminders')).toBe('ईमेल रिमाइंडर');
    // A text the screen did not list is answered as it is.
    expect(result.current('Community')).toBe('Community');
    // Each distinct text once, in the reader's language; blank text is not sent.
    expect(post).toHaveBeenCalledTimes(2);
    expect(post).toHaveBeenCalledWith('/api/translate', {
      body: { text: 'Reminders', target: 'hi' },
    });
    expect(sentTexts().sort()).toEqual(['Email reminders', 'Reminders']);
  });

  it('keeps the original text when the API fails, without failing the screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    post.mockImplementation(async (_path: string, { body }: { body: { text: string } }) =>
      body.text === 'Reminders' ? failure() : answer(body as never),
    );
    const { result } = renderHook(() => useTranslated(['Reminders', 'Email reminders']), {
      wrapper,
    });
    await waitFor(() => expect(result.current('Email reminders')).toBe('ईमेल रिमाइंडर'));
    expect(result.current('Reminders')).toBe('Reminders');
  });

  it('caches each text: a screen whose list grows asks only for the new text', async () => {
    const { result, rerender } = renderHook(({ texts }) => useTranslated(texts), {
      wrapper,
      initialProps: { texts: ['Reminders'] },
    });
    await waitFor(() => expect(result.current('Reminders')).toBe('रिमाइंडर'));
    rerender({ texts: ['Email reminders', 'Reminders'] });
    // What was translated stays translated while the new text is fetched.
    expect(result.current('Reminders')).toBe('रिमाइंडर');
    await waitFor(() => expect(result.current('Email reminders')).toBe('ईमेल रिमाइंडर'));
    expect(sentTexts()).toEqual(['Reminders', 'Email reminders']);

    // Another screen with the same texts, in the same language: nothing is sent again.
    const other = renderHook(() => useTranslated(['Reminders', 'Email reminders']), { wrapper });
    await waitFor(() => expect(other.result.current('Reminders')).toBe('रिमाइंडर'));
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('follows a switch back to English at once', async () => {
    const { result } = renderHook(() => useTranslated(['Reminders']), { wrapper });
    await waitFor(() => expect(result.current('Reminders')).toBe('रिमाइंडर'));
    await act(() => setLanguage('en'));
    expect(result.current('Reminders')).toBe('Reminders');
  });
});
