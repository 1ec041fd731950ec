import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const publicConfig = z.object({
  success: z.literal(true),
  data: z.object({
    googleClientId: z.string().nullable(),
    payment: z.object({ provider: z.enum(['sandbox', 'razorpay']), keyId: z.string() }),
  }),
});

/** The only configuration the browser may know: identifiers, never secrets. */
export async function publicConfigRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/config',
    {
      schema: {
        tags: ['operations'],
        summary: 'Public client configuration',
        response: { 200: publicConfig },
      },
    },
    async (_request, reply) => {
      const { config } = app;
      reply.header('cache-control', 'public, max-age=300');
      return {
        success: true as const,
        data: {
          googleClientId: config.GOOGLE_CLIENT_ID ?? null,
          payment: {
            provider: config.PAYMENT_PROVIDER,
            keyId: config.PAYMENT_PROVIDER === 'razorpay' ? config.RAZORPAY_KEY_ID! : 'rzp_sandbox',
          },
        },
      };
    },
  );
}
