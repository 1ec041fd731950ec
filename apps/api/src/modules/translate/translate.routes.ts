import {
  translateBatchRequestSchema,
  translateBatchResponseSchema,
  translateRequestSchema,
  translateResponseSchema,
} from '@exhale/contract/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http-schemas';
import { LibreTranslateTranslator } from '../../providers/translation/libretranslate-translator';
import { createTranslateService } from './translate.module';

/** Per IP: each uncached text may cost a call to the translation service. */
const TRANSLATE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
/** Per IP, counted apart from the single route: a call carries up to 50 texts (a whole screen). */
const TRANSLATE_BATCH_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

export async function translateRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = createTranslateService({
    db: app.db,
    translator: app.config.TRANSLATE_URL
      ? new LibreTranslateTranslator(app.config.TRANSLATE_URL)
      : undefined,
    log: app.log,
  });

  typed.post(
    '/translate',
    {
      config: { rateLimit: TRANSLATE_RATE_LIMIT },
      schema: {
        tags: ['translate'],
        summary: 'Translate a text into `target`; blank text is an empty string',
        description:
          'Known server messages come from the built-in catalogues (one per shipped language); ' +
          'other text goes to the configured LibreTranslate-compatible service (TRANSLATE_URL) ' +
          'and is cached. On any failure the original text is returned.',
        body: translateRequestSchema,
        response: { 200: translateResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { text: await service.translate(request.body.text, request.body.target) },
    }),
  );

  typed.post(
    '/translate/batch',
    {
      config: { rateLimit: TRANSLATE_BATCH_RATE_LIMIT },
      schema: {
        tags: ['translate'],
        summary:
          'Translate up to 50 texts into `target` at once; the answers are in the same order, ' +
          'blank text is an empty string',
        description:
          'Each text is answered exactly as POST /translate would answer it: known server messages ' +
          'come from the built-in catalogues (one per shipped language); other text goes to the ' +
          'configured LibreTranslate-compatible service (TRANSLATE_URL) and is cached. A text ' +
          'repeated in the batch is translated once, and at most 4 texts are sent to the ' +
          'service at a time. On any failure the original text is returned in its place.',
        body: translateBatchRequestSchema,
        response: { 200: translateBatchResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { texts: await service.translateMany(request.body.texts, request.body.target) },
    }),
  );
}
