import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/html';
import { publicOrigin } from '../../lib/public-origin';
import { mediaUrl } from '../lessons/lessons.service';
import { createContentService } from './content.module';

/** The public pages a search engine may index (spec §2 "Public"), besides each blog post. */
export const SITEMAP_PAGES = [
  '/',
  '/blog',
  '/new-and-media',
  '/help-center',
  '/help-center/get-start',
  '/help-center/pricing-&-payment',
  '/help-center/frequently-asked-questions',
  '/help-center/technical-support',
  '/help-center/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
  '/corporates',
  '/schools',
  '/non-smokers',
  '/doctors',
] as const;

/** robots.txt and sitemap.xml at the site root, where crawlers look for them. */
export async function siteFilesRoutes(app: FastifyInstance) {
  const content = createContentService({
    db: app.db,
    clock: app.clock,
    mediaUrl: (value) => mediaUrl(app.storage, value),
  });
  app.contentChanges.subscribe(() => content.clearCaches());
  const hidden = { hide: true } as const;

  app.get('/robots.txt', { schema: hidden }, async (request, reply) => {
    const origin = publicOrigin(app.config, request);
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /admin',
          'Disallow: /dev/',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  app.get('/sitemap.xml', { schema: hidden }, async (request, reply) => {
    const origin = publicOrigin(app.config, request);
    const blogs = await content.listBlogs();
    const entries = [
      ...SITEMAP_PAGES.map((page) => ({ loc: `${origin}${page}`, lastmod: undefined })),
      ...blogs.map((blog) => ({
        loc: `${origin}/blog/${blog._id}`,
        lastmod: (blog.published_at ?? blog.createdAt).slice(0, 10),
      })),
    ];
    const urls = entries.map(
      ({ loc, lastmod }) =>
        `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    );
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}
