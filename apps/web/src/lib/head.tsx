import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The picture a shared link shows when a page has none of its own: a 1200×630 PNG card (WhatsApp
 * and Facebook show no SVG), drawn by scripts/social-card.mjs. index.html keeps `twitter:card`
 * 'summary_large_image' for every page.
 */
export const DEFAULT_SHARE_IMAGE = '/social-card.png';

/** What a page adds to its link previews (Open Graph, Twitter) beyond its title and description. */
export interface ShareMeta {
  /** og:title when it differs from the document title (a blog post's own title). */
  title?: string;
  /** The page's picture, absolute or site-relative; DEFAULT_SHARE_IMAGE when not given. */
  image?: string | null;
  /** og:type: 'article' for a blog post, 'website' (the default) for everything else. */
  type?: 'website' | 'article';
  /** The page's own path when the address is another one (the landing page under /login). */
  path?: string;
}

/**
 * The origin a server render writes into og:url and the canonical link (PUBLIC_URL, or the
 * request's origin; '' when a build-time render knows neither). Set while the server renders and
 * while the browser takes such a page over (main.tsx); undefined once the taken-over page's
 * effects have run, so every page rendered after it uses the browser's own origin from the start.
 */
let serverOrigin: string | undefined;
export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

/**
 * The site's origin for the page's tags. A page taken over from the server's HTML starts with the
 * origin it was rendered with, so hydration matches, then switches to the browser's own in a
 * transition, so the tags end up absolute. Not a `useSyncExternalStore` with a server snapshot:
 * when the two snapshots differ React re-renders at once, synchronously, inside the takeover's
 * effects, which made one long task of the whole takeover's effects on a slow phone (measured in a
 * Lighthouse trace on a 2-CPU machine, `npm run long-tasks`).
 */
function useSiteOrigin(): string {
  const [origin, setOrigin] = useState(() => serverOrigin ?? window.location.origin);
  useEffect(() => {
    serverOrigin = undefined;
    const own = window.location.origin;
    if (origin !== own) startTransition(() => setOrigin(own));
  }, [origin]);
  return origin;
}

/**
 * The page's <title>, meta description and link-preview tags (og:title, og:description, og:type,
 * og:url, og:image and the canonical link), rendered with React 19's own <title>/<meta>/<link>
 * support: React puts them in <head> while the page is shown and takes them away with it, and
 * the server render (entry-server.tsx) writes them into the page's HTML. Render one per page.
 * Pages with data-driven text (a blog post) render it once the data has arrived; an undefined
 * title renders only the description. index.html keeps a site-wide <title> for pages without one.
 */
export function PageMeta({
  title,
  description,
  share = {},
}: {
  title: string | undefined;
  description?: string;
  share?: ShareMeta;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const origin = useSiteOrigin();
  const describe =
    description === undefined ? null : (
      <>
        <meta name="description" content={description} />
        <meta property="og:description" content={description} />
      </>
    );
  if (title === undefined) return describe;

  const url = `${origin}${share.path ?? pathname}`;
  const image = share.image || DEFAULT_SHARE_IMAGE;
  return (
    <>
      <title>{title}</title>
      {describe}
      <meta property="og:title" content={share.title ?? title} />
      <meta property="og:type" content={share.type ?? 'website'} />
      <meta property="og:url" content={url} />
      <link rel="canonical" href={url} />
      <meta property="og:image" content={/^https?:/.test(image) ? image : `${origin}${image}`} />
      {/* The default picture's size and alt text; a page's own picture has its own size. */}
      {share.image ? null : (
        <>
          <meta property="og:image:width" content="1200" />
          <meta property="og:image:height" content="630" />
          <meta property="og:image:alt" content={t('meta.landingTitle')} />
        </>
      )}
    </>
  );
}

/**
 * Removes the page tags a document arrived with (index.html's defaults, or a server-rendered
 * page's own) before the app renders it afresh, so the page's PageMeta is the only copy. A page
 * the app hydrates keeps them: React takes those over.
 */
export function clearStaticPageTags(): void {
  const selector =
    'head > meta[name="description"], head > meta[property^="og:"]:not([property="og:site_name"]), head > link[rel="canonical"], head > title:not([itemprop])';
  for (const tag of document.querySelectorAll(selector)) tag.remove();
}
