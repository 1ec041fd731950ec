// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStaticPageTags, PageMeta, setServerOrigin, type ShareMeta } from './head';

const content = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(selector)?.getAttribute('content');
const description = () => content('meta[name="description"]');
const og = (property: string) => content(`meta[property="og:${property}"]`);
const canonical = () =>
  document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href');
const count = (selector: string) => document.head.querySelectorAll(selector).length;

// What index.html ships: the site's fallback title (itemprop keeps React from taking it over),
// a description and default share tags.
const SHELL =
  '<title itemprop="name">Shell title</title><meta name="description" content="Shell description">' +
  '<meta property="og:site_name" content="Exhale"><meta property="og:title" content="Shell title">' +
  '<meta property="og:image" content="/social-card.png">' +
  '<meta name="twitter:card" content="summary_large_image">';

beforeEach(() => {
  document.head.innerHTML = SHELL;
  clearStaticPageTags();
});
afterEach(cleanup);

interface Meta {
  title: string | undefined;
  description?: string;
  share?: ShareMeta;
}

/** A page at `path` rendering PageMeta; `go` opens another page with its own tags. */
function renderPage(path: string, meta: Meta) {
  const router = createMemoryRouter(
    [
      { path: '/', element: null },
      { path, element: <PageMeta {...meta} /> },
      { path: '/other', element: <PageMeta title="Other" description="Other text" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { go: (to: string) => act(() => router.navigate(to)) };
}

describe('PageMeta', () => {
  it('puts the title, description and share tags in <head>, and takes them away with the page', async () => {
    const { go } = renderPage('/help-center/contact-us', {
      title: 'Contact Us – Exhale',
      description: 'Reach our team',
    });
    const page = `${window.location.origin}/help-center/contact-us`;
    expect(document.title).toBe('Contact Us – Exhale');
    expect(description()).toBe('Reach our team');
    expect(og('description')).toBe('Reach our team');
    expect(og('title')).toBe('Contact Us – Exhale');
    expect(og('type')).toBe('website');
    expect(og('url')).toBe(page);
    expect(canonical()).toBe(page);
    expect(og('image')).toBe(`${window.location.origin}/social-card.png`);
    expect(og('image:width')).toBe('1200');
    expect(og('image:height')).toBe('630');

    await go('/');
    // A page without tags of its own: the site's title, and no stale description or address.
    expect(document.title).toBe('Shell title');
    expect(description()).toBeUndefined();
    expect(og('url')).toBeUndefined();
    expect(canonical()).toBeUndefined();
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  it("uses an article's own title and picture for its preview", () => {
    renderPage('/blog/42', {
      title: 'How to enjoy chai',
      description: 'About chai',
      share: { title: 'Chai without the cigarette', image: '/media/chai.jpg', type: 'article' },
    });
    expect(document.title).toBe('How to enjoy chai');
    expect(og('title')).toBe('Chai without the cigarette');
    expect(og('type')).toBe('article');
    expect(og('image')).toBe(`${window.location.origin}/media/chai.jpg`);
    // The card's size is not the article picture's: the crawler measures the picture itself.
    expect(og('image:width')).toBeUndefined();
  });

  it('replaces the tags on navigation without ever adding a second one', async () => {
    const { go } = renderPage('/corporates', { title: 'Corporates', description: 'For work' });
    await go('/other');
    expect(document.title).toBe('Other');
    expect(description()).toBe('Other text');
    expect(canonical()).toBe(`${window.location.origin}/other`);
    for (const selector of [
      'title:not([itemprop])',
      'meta[name="description"]',
      'meta[property="og:title"]',
      'meta[property="og:description"]',
      'meta[property="og:url"]',
      'meta[property="og:image"]',
      'link[rel="canonical"]',
    ]) {
      expect(count(selector), selector).toBe(1);
    }
  });

  it('names the landing page under /login by its own address', () => {
    renderPage('/login', { title: 'Exhale', description: 'Home', share: { path: '/' } });
    expect(canonical()).toBe(`${window.location.origin}/`);
  });

  it('starts a page taken over from the server with its origin, then uses the browser’s', async () => {
    // The canonical address each page showed in its first commit, before any effect ran.
    const firstShown: (string | null | undefined)[] = [];
    function FirstCommit() {
      useLayoutEffect(() => void firstShown.push(canonical()), []);
      return null;
    }
    const page = (path: string) => ({
      path,
      element: (
        <>
          <PageMeta title={path} description="Text" />
          <FirstCommit key={path} />
        </>
      ),
    });
    // A page prerendered at build time knows no origin: its HTML has site-relative addresses.
    setServerOrigin('');
    const router = createMemoryRouter([page('/corporates'), page('/other')], {
      initialEntries: ['/corporates'],
    });
    render(<RouterProvider router={router} />);
    await act(() => Promise.resolve());
    // First as the server wrote it (so the takeover matches), then absolute.
    expect(firstShown).toEqual(['/corporates']);
    expect(canonical()).toBe(`${window.location.origin}/corporates`);
    // Pages after the first use the browser's origin from their first commit.
    await act(() => router.navigate('/other'));
    expect(firstShown).toEqual(['/corporates', `${window.location.origin}/other`]);
  });

  it('renders only the description until the title is known', () => {
    renderPage('/blog/7', { title: undefined, description: 'Loading post' });
    expect(document.title).toBe('Shell title');
    expect(description()).toBe('Loading post');
    expect(canonical()).toBeUndefined();
  });
});

describe('clearStaticPageTags', () => {
  it("removes a document's page tags but keeps the site's title, name and card type", () => {
    document.head.innerHTML =
      SHELL + '<title>Server page</title><link rel="canonical" href="/x"><meta property="og:url">';
    clearStaticPageTags();
    expect(document.head.innerHTML).toBe(
      '<title itemprop="name">Shell title</title><meta property="og:site_name" content="Exhale">' +
        '<meta name="twitter:card" content="summary_large_image">',
    );
  });
});
