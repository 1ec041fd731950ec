import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Flaky mobile networks: one retry, and no refetch storm when the tab regains focus.
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one query cache. Route loaders (src/app/router.tsx) start a page's requests into it
 * as soon as the page's code has arrived, before the page renders and asks for them itself.
 */
export const queryClient = createQueryClient();
