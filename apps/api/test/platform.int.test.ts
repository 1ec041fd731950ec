import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { generateOpenApiDocument, serializeOpenApiDocument } from '../src/openapi-document';
import { createDatabase } from '../src/db/client';
import { AppError } from '../src/lib/app-error';
import { testConfig } from './app';
import { testDatabase } from './database';

const errorBody = z.object({
  success: z.literal(false),
  message: z.string().min(1),
  code: z.string().regex(/^[A-Z_]+$/),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** Test-only routes exercising the platform's error paths through the real plugins. */
async function probeRoutes(api: FastifyInstance) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/probe/echo',
    {
      schema: {
        body: z.object({ name: z.string().min(2, 'Enter Name'), age: z.number().int() }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ name: z.string(), age: z.number() }),
          }),
        },
      },
    },
    async (request) => ({ success: true as const, data: request.body }),
  );
  r.get('/probe/boom', async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
  r.get('/probe/conflict', async () => {
    throw new AppError(409, 'EMAIL_TAKEN', 'Email already registered');
  });
  r.get('/probe/private', { onRequest: api.authenticate() }, async () => ({ ok: true }));
  r.post(
    '/probe/private-echo',
    { onRequest: api.authenticate(), schema: { body: z.object({ name: z.string().min(2) }) } },
    async () => ({ ok: true }),
  );
}

async function appWith(env: Record<string, string> = {}) {
  const database = await testDatabase();
  const app = await buildApp({ config: testConfig(env), db: database.db, pool: database.pool });
  await app.register(probeRoutes, { prefix: '/api' });
  await app.ready();
  return app;
}

describe('platform', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith();
    return () => app.close();
  });

  it('reports liveness and readiness with a migrated database', async () => {
    const live = await app.inject({ url: '/api/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true });
    const ready = await app.inject({ url: '/api/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ success: true, data: { database: true, migrations: true } });
  });

  it('reports not ready (503) when the database cannot be reached', async () => {
    const dead = createDatabase('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    const broken = await buildApp({ config: testConfig(), db: dead.db, pool: dead.pool });
    try {
      const res = await broken.inject({ url: '/api/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, data: { database: false, migrations: false } });
    } finally {
      await broken.close();
      await dead.close();
    }
  });

  it('answers 400 with the schema message and the field path', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'a', age: 3 },
    });
    expect(res.statusCode).toBe(400);
    const body = errorBody.parse(res.json());
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Enter Name');
    expect(body.errors).toEqual([{ path: 'name', message: 'Enter Name' }]);
  });

  it('drops unknown fields instead of passing them on', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'Asha', age: 30, role: 'admin', __proto__: { polluted: true } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { name: 'Asha', age: 30 } });
  });

  it('answers 401 in the contract shape without a bearer token and for a forged one', async () => {
    const missing = await app.inject({ url: '/api/probe/private' });
    expect(missing.statusCode).toBe(401);
    expect(errorBody.parse(missing.json()).message).toBe('Please Login');
    const forged = await app.inject({
      url: '/api/probe/private',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' },
    });
    expect(forged.statusCode).toBe(401);
    expect(errorBody.parse(forged.json()).code).toBe('INVALID_TOKEN');
  });

  it('checks who is calling before it reads what they sent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/private-echo',
      payload: { name: 1 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for unknown API paths in the contract shape', async () => {
    const res = await app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(errorBody.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('passes service errors through with their status and code', async () => {
    const res = await app.inject({ url: '/api/probe/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'Email already registered',
      code: 'EMAIL_TAKEN',
    });
  });

  it('hides internals on 500 and returns the request id', async () => {
    const res = await app.inject({
      url: '/api/probe/boom',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('trace-123');
    const body = errorBody.parse(res.json());
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('secret internal');
  });

  it('generates a request id when the caller sends none or an unsafe one', async () => {
    const res = await app.inject({
      url: '/api/healthz',
      headers: { 'x-request-id': 'bad id\n<script>' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends strict security headers', async () => {
    const res = await app.inject({ url: '/api/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('allows the configured payment and Google scripts in the CSP only when configured', async () => {
    const configured = await appWith({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsec',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
    });
    try {
      const csp = String(
        (await configured.inject({ url: '/api/healthz' })).headers['content-security-policy'],
      );
      expect(csp).toContain('https://checkout.razorpay.com');
      expect(csp).toContain('https://accounts.google.com/gsi/client');
    } finally {
      await configured.close();
    }
    const plain = String(
      (await app.inject({ url: '/api/healthz' })).headers['content-security-policy'],
    );
    expect(plain).not.toContain('razorpay');
    expect(plain).not.toContain('accounts.google.com');
  });

  it('refuses cross-origin browsers not on the allow-list', async () => {
    const res = await app.inject({
      url: '/api/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const listed = await appWith({ CORS_ORIGINS: 'https://partner.example' });
    try {
      const ok = await listed.inject({
        url: '/api/healthz',
        headers: { origin: 'https://partner.example' },
      });
      expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    } finally {
      await listed.close();
    }
  });

  it('rate limits with 429, Retry-After and the contract body', async () => {
    const limited = await appWith({ RATE_LIMIT_MAX: '2' });
    try {
      await limited.inject({ url: '/api/config' });
      await limited.inject({ url: '/api/config' });
      const res = await limited.inject({ url: '/api/config' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(errorBody.parse(res.json()).code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('exposes Prometheus metrics', async () => {
    await app.inject({ url: '/api/healthz' });
    const res = await app.inject({ url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('route="/api/healthz"');
  });

  it('serves only public identifiers in /api/config', async () => {
    const res = await app.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      success: true,
      data: { googleClientId: null, payment: { provider: 'sandbox', keyId: 'rzp_sandbox' } },
    });
  });
});

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and served at /api/openapi.json', async () => {
    const app = await appWith();
    try {
      const res = await app.inject({ url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const result = await validate(res.json());
      expect('errors' in result ? result.errors : []).toEqual([]);
      expect(result.valid).toBe(true);
      const docs = await app.inject({ url: '/api/docs/' });
      expect(docs.statusCode).toBe(200);
      expect(docs.headers['content-type']).toContain('text/html');
    } finally {
      await app.close();
    }
  });

  it('matches the committed apps/api/openapi.json (run `npm run openapi` after changing routes)', async () => {
    const committed = readFileSync(path.join(import.meta.dirname, '../openapi.json'), 'utf8');
    expect(serializeOpenApiDocument(await generateOpenApiDocument())).toBe(committed);
  });

  it('keeps every branch of every union (a one-branch anyOf means the generator dropped one)', async () => {
    const lonely: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      const { anyOf } = node as { anyOf?: unknown };
      if (Array.isArray(anyOf) && anyOf.length < 2) lonely.push(at);
      for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`);
    };
    const document = await generateOpenApiDocument();
    walk(document, '');
    expect(lonely).toEqual([]);
    // The amounts a client echoes back are numbers or numeric strings (API.md).
    type Amounts = { properties: Record<string, { anyOf: { type: string }[] }> };
    const { paths } = document as {
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: Amounts }> } } }
      >;
    };
    const schema = paths['/api/user-plan']!.post.requestBody.content['application/json']!.schema;
    for (const field of ['total', 'sub_total', 'gst']) {
      expect(schema.properties[field]!.anyOf.map((branch) => branch.type)).toEqual([
        'number',
        'string',
      ]);
    }
  });

  it('matches the committed web types generated from it', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'exhale-types-')), 'api-schema.d.ts');
    const root = path.join(import.meta.dirname, '../../..');
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/openapi-typescript/bin/cli.js'),
        path.join(root, 'apps/api/openapi.json'),
        '-o',
        out,
      ],
      { stdio: 'pipe' },
    );
    const committed = readFileSync(path.join(root, 'apps/web/src/lib/api-schema.d.ts'), 'utf8');
    expect(readFileSync(out, 'utf8')).toBe(committed);
  });
});
