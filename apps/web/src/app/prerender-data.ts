import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `application/json` script a server-rendered page carries (entry-server.tsx). */
export const PRERENDER_DATA_ID = 'prerender-data';

/** What a server-rendered page tells the browser so the app can take it over (hydrate). */
export interface PrerenderData {
  /** The path it was rendered for. */
  path: string;
  /** The origin in its og:url and canonical link ('' when the build knew none). */
  origin: string;
  /** The language it was rendered in. */
  lang: string;
  /** The query cache its components read. */
  queries: DehydratedState;
  /** The router's loader data, by route id. */
  loaderData: Record<string, unknown>;
}

/**
 * The data of the server-rendered page in this document, or null in the app's plain shell. It is
 * read once: the element is removed, so the document holds only what the app renders and no page
 * text lingers outside it.
 */
export function readPrerenderData(): PrerenderData | null {
  const script = document.getElementById(PRERENDER_DATA_ID);
  script?.remove();
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as PrerenderData;
  } catch {
    return null;
  }
}
