import {
  blogResponseSchema,
  blogsResponseSchema,
  newsResponseSchema,
} from '@exhale/contract/content';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { mediaUrl } from '../lessons/lessons.service';
import { createContentService } from './content.module';

/** Browsers and CDNs may reuse a public read for a minute. */
const PUBLIC_CACHE = 'public, max-age=60';

function cachePublicly(reply: FastifyReply) {
  reply.header('cache-control', PUBLIC_CACHE);
}

export async function contentRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const content = createContentService({
    db: app.db,
    clock: app.clock,
    mediaUrl: (value) => mediaUrl(app.storage, value),
  });
  // An operator's change shows at once in this process, on the lists and the rendered pages.
  app.contentChanges.subscribe(() => content.clearCaches());

  typed.get(
    '/blog',
    {
      schema: {
        tags: ['content'],
        summary: 'Published blog posts, newest first (the article itself only on /blog/{id})',
        response: { 200: blogsResponseSchema },
      },
    },
    async (_request, reply) => {
      const data = await content.listBlogs();
      cachePublicly(reply);
      return { success: true as const, data };
    },
  );

  typed.get(
    '/blog/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'One published blog post with its (sanitised) HTML content',
        params: z.object({ id: z.string() }),
        response: { 200: blogResponseSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const data = await content.getBlog(request.params.id);
      cachePublicly(reply);
      return { success: true as const, data };
    },
  );

  typed.get(
    '/news-and-media',
    {
      schema: {
        tags: ['content'],
        summary: 'News and media coverage, newest first',
        response: { 200: newsResponseSchema },
      },
    },
    async (_request, reply) => {
      const data = await content.listNews();
      cachePublicly(reply);
      return { success: true as const, data };
    },
  );
}
