import { FEATURED_QUIZ_SET_ID } from '@exhale/contract/content';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { blogs, newsItems, quizQuestions, quizSets } from '../src/db/schema/content';
import { seedContent } from '../src/db/seed/content';
import { SEED_BLOGS, SEED_NEWS } from '../src/db/seed/content-data';
import { createContentService } from '../src/modules/content/content.module';
import type { ContentService } from '../src/modules/content/content.service';
import { ManualClock, createTestApp } from './app';

// Public content: blogs, news, robots.txt and sitemap.xml. One app and one database for the file;
// the extra posts are written through the service before the first read, so the caches start cold.
let app: FastifyInstance;
let clock: ManualClock;
let service: ContentService;
const ids: Record<string, string> = {};

const DAY = 86_400_000;
const START = Date.parse('2026-03-10T06:30:00Z');

beforeAll(async () => {
  clock = new ManualClock(START);
  app = await createTestApp({ PUBLIC_URL: 'https://exhale.example' }, { clock });
  service = createContentService({ db: app.db, clock, mediaUrl: (v) => `/media/${v}` });
  const now = clock.now().getTime();
  const post = (slug: string, daysAgo: number, published = true) =>
    service.createBlog({
      slug,
      title: `Post ${slug}`,
      metaTitle: `Meta ${slug}`,
      metaDescription: `About ${slug}`,
      content: `<p>Hello <strong>${slug}</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>`,
      image: `content/${slug}.webp`,
      published,
      publishedAt: published ? new Date(now - daysAgo * DAY) : null,
    });
  ids.older = (await post('older', 10))._id;
  ids.newer = (await post('newer', 1))._id;
  ids.draft = (await post('draft', 0, false))._id;
  await service.createNews({
    title: 'Old news',
    author: 'Desk',
    tag: null,
    link: 'https://exhale.example/press/old',
    description: '<p onclick="x()">Old <a href="javascript:alert(1)">story</a></p>',
    createdAt: new Date(now - 5 * DAY),
  });
  await service.createNews({
    title: 'Fresh news',
    author: 'Desk',
    tag: 'Event',
    link: 'https://exhale.example/press/fresh',
    description: '<p>Fresh</p>',
    createdAt: new Date(now - DAY),
  });
});

describe('GET /blog', () => {
  it('lists published posts newest first, with an excerpt instead of the article', async () => {
    const res = await app.inject({ url: '/api/blog' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, unknown>[];
    expect(data.map((b) => b._id)).toEqual([ids.newer, ids.older]);
    expect(data[0]).toMatchObject({
      slug: 'newer',
      title: 'Post newer',
      meta_title: 'Meta newer',
      meta_description: 'About newer',
      image: '/media/content/newer.webp',
      excerpt: 'Hello newer',
    });
    expect(data[0]).not.toHaveProperty('content');
  });

  it('may be cached by browsers for a minute', async () => {
    const res = await app.inject({ url: '/api/blog' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('serves from memory for 30 seconds, then reads again', async () => {
    const late = await service.createBlog({
      slug: 'late',
      title: 'Late',
      content: '<p>late</p>',
      published: true,
      publishedAt: clock.now(),
    });
    // The route's own cache still holds the earlier list …
    expect((await app.inject({ url: '/api/blog' })).json().data).toHaveLength(2);
    clock.advance(31_000);
    // … until it expires.
    const data = (await app.inject({ url: '/api/blog' })).json().data as { _id: string }[];
    expect(data[0]!._id).toBe(late._id);
  });
});

describe('GET /blog/{id}', () => {
  it('returns the post with HTML that was sanitised when it was written', async () => {
    const res = await app.inject({ url: `/api/blog/${ids.older}` });
    expect(res.statusCode).toBe(200);
    const blog = res.json().data;
    expect(blog.content).toBe('<p>Hello <strong>older</strong></p>');
    expect(blog.published_at).toBe(new Date(START - 10 * DAY).toISOString());
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('is 404 for drafts, unknown ids and ids that are not ids', async () => {
    for (const id of [ids.draft, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await app.inject({ url: `/api/blog/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'BLOG_NOT_FOUND', success: false });
      expect(res.headers['cache-control']).not.toBe('public, max-age=60');
    }
  });
});

describe('GET /news-and-media', () => {
  it('lists news newest first with sanitised descriptions', async () => {
    const res = await app.inject({ url: '/api/news-and-media' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const data = res.json().data as Record<string, unknown>[];
    expect(data.map((n) => n.title)).toEqual(['Fresh news', 'Old news']);
    expect(data[0]).toMatchObject({ author: 'Desk', tag: 'Event', image: null });
    expect(data[1]).toMatchObject({ tag: null, description: '<p>Old <a>story</a></p>' });
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt at the site root', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    for (const line of ['Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /dev/']) {
      expect(res.body.split('\n')).toContain(line);
    }
    expect(res.body).toContain('Sitemap: https://exhale.example/sitemap.xml');
  });

  it('lists the public pages and every published post in sitemap.xml', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of [
      '/',
      '/blog',
      '/new-and-media',
      '/help-center/pricing-&amp;-payment',
      '/terms-and-conditions',
      '/privacy-policy',
      '/corporates',
      '/schools',
      '/non-smokers',
      '/doctors',
    ]) {
      expect(locs).toContain(`https://exhale.example${page}`);
    }
    expect(locs).toContain(`https://exhale.example/blog/${ids.older}`);
    expect(locs).not.toContain(`https://exhale.example/blog/${ids.draft}`);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('is not swallowed by the /api prefix', async () => {
    expect((await app.inject({ url: '/api/robots.txt' })).statusCode).toBe(404);
  });
});

describe('demo content seed', () => {
  it('adds the demo posts, news and featured quiz once, with cover images in storage', async () => {
    const counts = async () => ({
      blogs: (await app.db.select({ n: count() }).from(blogs))[0]!.n,
      news: (await app.db.select({ n: count() }).from(newsItems))[0]!.n,
      sets: (await app.db.select({ n: count() }).from(quizSets))[0]!.n,
      questions: (await app.db.select({ n: count() }).from(quizQuestions))[0]!.n,
    });
    const before = await counts();
    await seedContent(app.db, app.storage);
    const after = await counts();
    expect(after.blogs - before.blogs).toBe(SEED_BLOGS.length);
    expect(after.news - before.news).toBe(SEED_NEWS.length);
    expect(after.sets - before.sets).toBe(1);
    await seedContent(app.db, app.storage);
    expect(await counts()).toEqual(after);

    clock.advance(31_000);
    const list = (await app.inject({ url: '/api/blog' })).json().data as { image: string | null }[];
    const seeded = list.filter((blog) => blog.image?.startsWith('/media/content/blog-'));
    expect(seeded).toHaveLength(SEED_BLOGS.length);
    const cover = await app.inject({ url: seeded[0]!.image! });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');

    const quiz = await app.inject({ url: `/api/quiz/${FEATURED_QUIZ_SET_ID}` });
    expect(quiz.statusCode).toBe(200);
    expect(quiz.json().data).toHaveLength(3);
  });
});
