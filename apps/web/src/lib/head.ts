import { useEffect } from 'react';

/**
 * The picture a shared link shows when a page has none of its own: a 1200×630 PNG card (WhatsApp
 * and Facebook show no SVG), drawn by scripts/social-card.mjs. index.html names the same file for
 * crawlers that do not run scripts, with `twitter:card` 'summary_large_image' for every page.
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

/** How to find, create and fill one tag of <head>. */
interface HeadTag {
  selector: string;
  create: () => HTMLElement;
  attribute: 'content' | 'href';
}

const metaTag = (attribute: 'name' | 'property', key: string): HeadTag => ({
  selector: `meta[${attribute}="${key}"]`,
  create: () => {
    const tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    return tag;
  },
  attribute: 'content',
});

const linkTag = (rel: string): HeadTag => ({
  selector: `link[rel="${rel}"]`,
  create: () => {
    const tag = document.createElement('link');
    tag.rel = rel;
    return tag;
  },
  attribute: 'href',
});

const tags = {
  description: metaTag('name', 'description'),
  ogTitle: metaTag('property', 'og:title'),
  ogDescription: metaTag('property', 'og:description'),
  ogType: metaTag('property', 'og:type'),
  ogUrl: metaTag('property', 'og:url'),
  ogImage: metaTag('property', 'og:image'),
  canonical: linkTag('canonical'),
};

/**
 * Puts `value` into the tag (reusing the one in <head>, so there is never a second) and returns
 * how to undo it: the previous value back, or the tag removed when this call created it.
 */
function setTag(tag: HeadTag, value: string): () => void {
  const existing = document.head.querySelector(tag.selector);
  if (!existing) {
    const created = tag.create();
    created.setAttribute(tag.attribute, value);
    document.head.append(created);
    return () => created.remove();
  }
  const previous = existing.getAttribute(tag.attribute);
  existing.setAttribute(tag.attribute, value);
  return () => {
    if (previous === null) existing.removeAttribute(tag.attribute);
    else existing.setAttribute(tag.attribute, previous);
  };
}

/**
 * index.html gives its default picture's size and alt text (og:image:width, …); they are wrong for
 * a page's own picture, so they leave <head> while it is shown.
 */
function hideDefaultImageDetails(): () => void {
  const details = [...document.head.querySelectorAll('meta[property^="og:image:"]')];
  for (const tag of details) tag.remove();
  return () => document.head.append(...details);
}

function setDocumentTitle(title: string): () => void {
  const previous = document.title;
  document.title = title;
  return () => {
    document.title = previous;
  };
}

const undoAll = (undo: (() => void)[]) => () => {
  for (const step of undo.reverse()) step();
};

/** The page's address without query or fragment: what og:url and the canonical link name. */
function pageUrl(path = window.location.pathname): string {
  return `${window.location.origin}${path}`;
}

const absoluteUrl = (url: string) => new URL(url, window.location.origin).href;

/**
 * Sets the document title, the meta description and the link-preview tags (og:title,
 * og:description, og:type, og:url, og:image and the canonical link) while a page is
 * shown, and puts back what was there before when it goes (the shell's defaults from index.html).
 * Pages with data-driven text (a blog post) call it once the data has arrived; undefined leaves
 * that part as it is: without a title nothing but the description is touched.
 */
export function usePageMeta(
  title: string | undefined,
  description?: string,
  share: ShareMeta = {},
): void {
  const { title: shareTitle, image, type = 'website', path } = share;
  // Read on every render: a route change re-renders the page after the address has changed.
  const url = pageUrl(path);

  useEffect(() => {
    if (title === undefined) return;
    return undoAll([
      setDocumentTitle(title),
      setTag(tags.ogTitle, shareTitle ?? title),
      setTag(tags.ogType, type),
      setTag(tags.ogUrl, url),
      setTag(tags.canonical, url),
      setTag(tags.ogImage, absoluteUrl(image || DEFAULT_SHARE_IMAGE)),
      ...(image ? [hideDefaultImageDetails()] : []),
    ]);
  }, [title, shareTitle, type, url, image]);

  useEffect(() => {
    if (description === undefined) return;
    return undoAll([
      setTag(tags.description, description),
      setTag(tags.ogDescription, description),
    ]);
  }, [description]);
}
