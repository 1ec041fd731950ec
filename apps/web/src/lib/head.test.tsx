// @vitest-environment jsdom
import { cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePageMeta, type ShareMeta } from './head';

const content = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(selector)?.getAttribute('content');
const description = () => content('meta[name="description"]');
const og = (property: string) => content(`meta[property="og:${property}"]`);
const twitterCard = () => content('meta[name="twitter:card"]');
const canonical = () =>
  document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href');
const count = (selector: string) => document.head.querySelectorAll(selector).length;

// What index.html ships: a description and default share tags, but no og:url or canonical link.
const SHELL =
  '<title>Shell title</title><meta name="description" content="Shell description">' +
  '<meta property="og:title" content="Shell title"><meta property="og:type" content="website">' +
  '<meta property="og:description" content="Shell description">' +
  '<meta property="og:image" content="/social-card.png">' +
  '<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">' +
  '<meta name="twitter:card" content="summary_large_image">';

beforeEach(() => {
  document.head.innerHTML = SHELL;
  window.history.replaceState(null, '', '/');
});
afterEach(cleanup);

describe('usePageMeta', () => {
  it('sets the title and description while mounted and restores them afterwards', () => {
    const { unmount } = renderHook(() => usePageMeta('Blog post', 'About quitting'));
    expect(document.title).toBe('Blog post');
    expect(description()).toBe('About quitting');
    expect(og('description')).toBe('About quitting');
    unmount();
    expect(document.title).toBe('Shell title');
    expect(description()).toBe('Shell description');
    expect(og('description')).toBe('Shell description');
  });

  it('leaves the head alone until the text is known', () => {
    const { rerender } = renderHook(({ title }) => usePageMeta(title), {
      initialProps: { title: undefined as string | undefined },
    });
    expect(document.title).toBe('Shell title');
    expect(canonical()).toBeUndefined();
    expect(og('url')).toBeUndefined();
    rerender({ title: 'Loaded' });
    expect(document.title).toBe('Loaded');
    expect(og('title')).toBe('Loaded');
    expect(description()).toBe('Shell description');
  });

  it('sets the share tags with absolute addresses and the site card as the default picture', () => {
    window.history.replaceState(null, '', '/help-center/contact-us?from=footer#hours');
    const { unmount } = renderHook(() => usePageMeta('Contact Us – Exhale', 'Reach our team'));
    const page = `${window.location.origin}/help-center/contact-us`;
    expect(og('title')).toBe('Contact Us – Exhale');
    expect(og('type')).toBe('website');
    // No query or fragment: one address per page.
    expect(og('url')).toBe(page);
    expect(canonical()).toBe(page);
    expect(og('image')).toBe(`${window.location.origin}/social-card.png`);
    expect(twitterCard()).toBe('summary_large_image');

    unmount();
    // Tags the shell has get its values back; the ones the page added go.
    expect(og('title')).toBe('Shell title');
    expect(og('image')).toBe('/social-card.png');
    expect(og('url')).toBeUndefined();
    expect(canonical()).toBeUndefined();
  });

  it("uses an article's own title and picture for its preview", () => {
    window.history.replaceState(null, '', '/blog/42');
    const share: ShareMeta = { title: 'Chai without the cigarette', image: '/media/chai.jpg' };
    const { unmount } = renderHook(() =>
      usePageMeta('How to enjoy chai', 'About chai', { ...share, type: 'article' }),
    );
    expect(document.title).toBe('How to enjoy chai');
    expect(og('title')).toBe('Chai without the cigarette');
    expect(og('type')).toBe('article');
    expect(og('image')).toBe(`${window.location.origin}/media/chai.jpg`);
    expect(twitterCard()).toBe('summary_large_image');
    // The card's size is not the article picture's: the crawler measures the picture itself.
    expect(og('image:width')).toBeUndefined();
    expect(og('image:height')).toBeUndefined();
    unmount();
    expect(og('image')).toBe('/social-card.png');
    expect(og('image:width')).toBe('1200');
    expect(og('image:height')).toBe('630');
  });

  it('replaces the tags on navigation without ever adding a second one', () => {
    // One page unmounting and the next mounting in the same commit, as on a route change.
    function Page({ title, text }: { title: string; text: string }) {
      usePageMeta(title, text);
      return null;
    }
    const go = (path: string) => window.history.replaceState(null, '', path);
    go('/corporates');
    const { rerender } = render(<Page key="/corporates" title="Corporates" text="For work" />);
    expect(canonical()).toBe(`${window.location.origin}/corporates`);
    go('/schools');
    rerender(<Page key="/schools" title="Schools" text="For schools" />);

    expect(document.title).toBe('Schools');
    expect(og('title')).toBe('Schools');
    expect(description()).toBe('For schools');
    expect(og('url')).toBe(`${window.location.origin}/schools`);
    expect(canonical()).toBe(`${window.location.origin}/schools`);
    for (const selector of [
      'title',
      'meta[name="description"]',
      'meta[property="og:title"]',
      'meta[property="og:description"]',
      'meta[property="og:type"]',
      'meta[property="og:url"]',
      'meta[property="og:image"]',
      'meta[name="twitter:card"]',
      'link[rel="canonical"]',
    ]) {
      expect(count(selector), selector).toBe(1);
    }
  });

  it('follows a change of text on the same page, such as a language switch', () => {
    const { rerender, unmount } = renderHook(({ title, text }) => usePageMeta(title, text), {
      initialProps: { title: 'Help Center', text: 'Answers' },
    });
    rerender({ title: 'सहायता केंद्र', text: 'जवाब' });
    expect(document.title).toBe('सहायता केंद्र');
    expect(og('title')).toBe('सहायता केंद्र');
    expect(description()).toBe('जवाब');
    expect(count('meta[property="og:title"]')).toBe(1);
    expect(count('link[rel="canonical"]')).toBe(1);
    unmount();
    expect(document.title).toBe('Shell title');
    expect(description()).toBe('Shell description');
  });

  it('creates the tags when the head has none', () => {
    document.head.innerHTML = '<title>Bare</title>';
    const { unmount } = renderHook(() => usePageMeta('Page', 'Text'));
    expect(description()).toBe('Text');
    expect(og('description')).toBe('Text');
    expect(og('type')).toBe('website');
    unmount();
    expect(document.head.querySelectorAll('meta, link')).toHaveLength(0);
  });
});
