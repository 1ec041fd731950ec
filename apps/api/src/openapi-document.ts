import { buildApp } from './app';
import { parseConfig } from './config';
import { createDatabase } from './db/client';

/**
 * The OpenAPI document as the routes define it. Building the app needs no
 * live database (pools connect lazily), so this runs anywhere.
 */
export async function generateOpenApiDocument(): Promise<unknown> {
  const raw = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const database = createDatabase('postgres://openapi@127.0.0.1:1/none', { max: 1 });
  const app = await buildApp({
    config: { ...raw, JWT_SECRET: 'x'.repeat(32) },
    db: database.db,
    pool: database.pool,
  });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}

export const serializeOpenApiDocument = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;
