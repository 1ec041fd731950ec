import {
  contentTextsQuerySchema,
  contentTextsResponseSchema,
  contentTextUpdateResponseSchema,
  contentTextUpdateSchema,
} from '@exhale/contract/content-texts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { adminActor } from '../admin-console/admin-actor';
import { createContentTextsService } from './content-texts.module';

const base = { tags: ['admin'], security: bearerAuth };

/** /api/admin/translations: database text per language, as operators write it (decision 064). */
export async function adminContentTextsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createContentTextsService({ db: app.db });

  typed.get(
    '/translations',
    {
      schema: {
        ...base,
        summary: "One page of an entity's translatable fields, with each language's text",
        description:
          'Each field carries its English and, per language, the text readers get: the ' +
          "field's own translation, one written for the same English elsewhere ('shared'), a " +
          "translation of English that has since changed ('stale', not served) or none.",
        querystring: contentTextsQuerySchema,
        response: { 200: contentTextsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { entity, page, page_size } = request.query;
      const { items, total } = await service.list(entity, page, page_size);
      return { success: true as const, data: items, total, page, page_size };
    },
  );

  typed.put(
    '/translations',
    {
      schema: {
        ...base,
        summary: "Write (or, with blank text, remove) one field's text in one language",
        body: contentTextUpdateSchema,
        response: { 200: contentTextUpdateResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Translation saved.',
      data: await service.save(adminActor(request), request.body),
    }),
  );
}
