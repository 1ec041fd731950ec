// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from './i18n';
import { TRANSLATE_RETRY_MS, useTranslated } from './use-translated';

// The fetch layer: POST /api/translate/batch answered from a small table, or failing on demand.
const post = vi.hoisted(() => vi.fn());
vi.mock('./api', async (importActual) => {
  const actual = await importActual<typeof import('./api')>();
  return { ...actual, api: { ...actual.api, POST: post } };
});

const HINDI: Record<string, string> = {
  Reminders: 'रिमाइंडर',
  'Email reminders': 'ईमेल रिमाइंडर',
};

interface Batch {
  texts: string[];
  target: string;
}

function answer(body: Batch) {
  const texts = body.texts.map((text) => (body.target === 'hi' ? (HINDI[text] ?? text) : text));
  return {
    data: { success: true, data: { texts } },
    error: undefined,
    response: new Response(null, { status: 200 }),
  };
}

const failure = () => ({
  data: undefined,
  error: { success: false, message: 'Too many requests', code: 'RATE_LIMITED' },
  response: new Response(null, { status: 429 }),
});

/** The texts of each request, in the order sent. */
const sentBatches = () =>
  post.mock.calls.map(([, options]) => (options as { body: Batch }).body.texts);

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
  post.mockImplementation(async (_path: string, { body }: { body: Batch }) => answer(body));
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

  it('shows the original at once, then the translations from one POST /api/translate/batch', async () => {
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
    // One request for the screen: each distinct text once, in the reader's language; blank text
    // is not sent.
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/translate/batch', {
      body: { texts: ['Email reminders', 'Reminders'], target: 'hi' },
    });
  });

  it('splits a screen of more than 50 texts into batches of 50', async () => {
    const texts = Array.from(
      { length: 120 },
      (_, i) => `Notification ${String(i).padStart(3, '0')}`,
    );
    const { result } = renderHook(() => useTranslated([...texts, 'Reminders']), { wrapper });
    await waitFor(() => expect(result.current('Reminders')).toBe('रिमाइंडर'));
    const batches = sentBatches();
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 21]);
    expect(batches.flat().sort()).toEqual([...texts, 'Reminders'].sort());
    expect(result.current('Notification 119')).toBe('Notification 119');
  });

  it('keeps the original text when the API fails, without failing the screen, and asks again later', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    post.mockImplementation(async () => failure());
    const { result, unmount } = renderHook(() => useTranslated(['Reminders', 'Email reminders']), {
      wrapper,
    });
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(result.current('Reminders')).toBe('Reminders');
    expect(result.current('Email reminders')).toBe('Email reminders');
    unmount();

    // The next fetch of the screen asks again for what failed.
    post.mockImplementation(async (_path: string, { body }: { body: Batch }) => answer(body));
    await act(() => client.invalidateQueries({ queryKey: ['translate'] }));
    const again = renderHook(() => useTranslated(['Reminders', 'Email reminders']), { wrapper });
    await waitFor(() => expect(again.result.current('Reminders')).toBe('रिमाइंडर'));
    expect(again.result.current('Email reminders')).toBe('ईमेल रिमाइंडर');
    expect(sentBatches()).toEqual([
      ['Email reminders', 'Reminders'],
      ['Email reminders', 'Reminders'],
    ]);
  });

  it('asks again for a rate-limited batch while the screen stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      // The first batch is refused (429), as when many readers share one address.
      post.mockImplementationOnce(async () => failure());
      const { result } = renderHook(() => useTranslated(['Reminders', 'Email reminders']), {
        wrapper,
      });
      await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
      await act(() => vi.advanceTimersByTimeAsync(TRANSLATE_RETRY_MS - 1_000));
      expect(result.current('Reminders')).toBe('Reminders');
      expect(post).toHaveBeenCalledTimes(1);

      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await waitFor(() => expect(result.current('Reminders')).toBe('रिमाइंडर'));
      expect(result.current('Email reminders')).toBe('ईमेल रिमाइंडर');
      // Complete now: nothing more is sent.
      await act(() => vi.advanceTimersByTimeAsync(TRANSLATE_RETRY_MS * 2));
      expect(post).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
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
    expect(sentBatches()).toEqual([['Reminders'], ['Email reminders']]);

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
