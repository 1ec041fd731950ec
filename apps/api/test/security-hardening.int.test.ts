import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createOutboxWorker } from '../src/modules/outbox/outbox.module';
import { bearer, latestCode, PASSWORD, registerAccount } from './accounts';
import { testConfig } from './app';
import { testDatabase } from './database';

// What the logs may carry, the headers of token pages and of
// signed-in answers, and who may read /api/metrics.

/** Everything the app logs, as written (JSON lines). */
class LogCapture {
  lines: string[] = [];
  write(line: string) {
    this.lines.push(line);
  }
  get text() {
    return this.lines.join('');
  }
  clear() {
    this.lines = [];
  }
}

async function loggedApp(env: Record<string, string> = {}) {
  const logs = new LogCapture();
  const database = await testDatabase();
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info', ...env }),
    db: database.db,
    pool: database.pool,
    logStream: logs,
  });
  app.get('/api/probe/failed-query', async () => {
    // A failed query as drizzle reports it: the bound values follow "params:".
    throw Object.assign(
      new Error(
        'Failed query: insert into "users" ("email") values ($1)\nparams: leaked.person@example.com,9876501234',
      ),
      {
        params: ['leaked.person@example.com', '9876501234'],
        detail: 'Key (email)=(leaked.person@example.com) already exists.',
      },
    );
  });
  await app.ready();
  return { app, logs };
}

describe('logs carry no secrets and no personal data', () => {
  let app: FastifyInstance;
  let logs: LogCapture;

  beforeAll(async () => {
    ({ app, logs } = await loggedApp());
    return () => app.close();
  });

  it('redacts the token of /reset and /user-delete links, and other secret query values', async () => {
    logs.clear();
    await app.inject({ url: '/reset?token=SECRET-RESET-TOKEN-123' });
    await app.inject({ url: '/user-delete?token=SECRET-DELETE-TOKEN-456&lang=hi' });
    await app.inject({ url: '/api/plan?otp=481516&code=SECRET-CODE&email=asha%40example.com' });
    await app.inject({ url: '/dev/outbox.json?to=asha%40example.com' });
    await app.inject({ url: '/api/admin/users?q=9876543210&page=2' });
    const text = logs.text;
    expect(text).toContain('incoming request'); // the request log is on
    for (const secret of [
      'SECRET-RESET-TOKEN-123',
      'SECRET-DELETE-TOKEN-456',
      '481516',
      'SECRET-CODE',
      'asha%40example.com',
      'asha@example.com',
      '9876543210',
    ]) {
      expect(text).not.toContain(secret);
    }
    // What is harmless stays useful: the path and the other parameters.
    expect(text).toContain('/reset?token=[redacted]');
    expect(text).toContain('/user-delete?token=[redacted]&lang=hi');
    expect(text).toContain('/api/admin/users?q=[redacted]&page=2');
  });

  it("keeps the WhatsApp verify token of Meta's webhook handshake out of the request log", async () => {
    logs.clear();
    await app.inject({
      url: '/api/messaging/inbound/meta?hub.mode=subscribe&hub.verify_token=SECRET-VERIFY-WORD&hub.challenge=1158201444',
    });
    expect(logs.text).toContain('incoming request');
    expect(logs.text).not.toContain('SECRET-VERIFY-WORD');
    expect(logs.text).toContain('hub.verify_token=[redacted]&hub.challenge=1158201444');
  });

  it("keeps a failed query's values (emails, mobiles) out of the error log", async () => {
    logs.clear();
    const res = await app.inject({ url: '/api/probe/failed-query' });
    expect(res.statusCode).toBe(500);
    expect(logs.text).toContain('unhandled error');
    expect(logs.text).toContain('Failed query: insert into');
    expect(logs.text).not.toContain('leaked.person@example.com');
    expect(logs.text).not.toContain('9876501234');
  });

  it('logs no email, mobile or code through sign-up, code sign-in and password sign-in', async () => {
    logs.clear();
    // The worker delivers through the local outbox provider, as with no mail server configured.
    const worker = createOutboxWorker({ db: app.db, senders: app.messageSenders, log: app.log });
    const account = await registerAccount(app);
    await worker.drainOnce();

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: account.email },
    });
    expect(login.statusCode).toBe(200);
    await worker.drainOnce();
    const code = await latestCode(app, account.email);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/user/verify',
      headers: bearer(login.json().token),
      payload: { otp: code },
    });
    expect(verified.statusCode).toBe(200);

    await app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload: { email: account.email, password: PASSWORD },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload: { email: account.email, password: 'Wrong@1234' },
    });
    await worker.drainOnce();

    const text = logs.text;
    expect(text).toContain('message kept in the outbox'); // the delivery was logged …
    for (const personal of [account.email, account.mobile, code, PASSWORD]) {
      expect(text).not.toContain(personal); // … by id and kind only
    }
  });
});

describe('headers of pages with a token in the address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await loggedApp({ LOG_LEVEL: 'silent' }));
    return () => app.close();
  });

  it.each(['/reset?token=abc', '/user-delete?token=abc', '/reset'])(
    'sends Referrer-Policy: no-referrer on %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it('keeps the usual policy elsewhere', async () => {
    const res = await app.inject({ url: '/resetting' });
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('Cache-Control on signed-in and sign-in answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await loggedApp({ LOG_LEVEL: 'silent' }));
    return () => app.close();
  });

  it('sends no-store on the sign-in answers (code request, verify, password login)', async () => {
    const account = await registerAccount(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: account.email },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/user/verify',
      headers: bearer(login.json().token),
      payload: { otp: await latestCode(app, account.email) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['cache-control']).toBe('no-store');
    const password = await app.inject({
      method: 'POST',
      url: '/api/auth/user/password-login',
      payload: { email: account.email, password: PASSWORD },
    });
    expect(password.headers['cache-control']).toBe('no-store');
  });

  it.each([
    '/api/user/profile',
    '/api/user-plan/current',
    '/api/user-lesson',
    '/api/notification',
    '/api/explore',
  ])('sends no-store on GET %s for a signed-in caller, and on its 401', async (url) => {
    const account = await registerAccount(app, { step: 1 });
    const res = await app.inject({ url, headers: bearer(account.token) });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ url, headers: bearer('not-a-token') });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves public content cacheable, also when a signed-in client fetches it', async () => {
    const account = await registerAccount(app);
    for (const headers of [{}, bearer(account.token)]) {
      const res = await app.inject({ url: '/api/blog', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    }
  });
});

describe('GET /api/metrics', () => {
  const TOKEN = 'metrics-scrape-token-8f2d1c';
  const production = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://exhale.example',
    SELLER_GSTIN: '29ABCDE1234F1Z5',
    PAYMENT_PROVIDER: 'sandbox',
    JWT_SECRET: '3f9c1e7a5b2d48c6a0e1f7b39d5c2a8e4b6f0d1c7a3e9b5f2d8c4a6e0b1f7d3c',
    WEB_PUSH_SUBJECT: 'mailto:ops@exhale.example',
    MESSAGING_INBOUND_SECRET: 'e7b3d9f1a5c2086e4b8d1f3a7c9e5b2d',
  };

  async function metricsWith(env: Record<string, string>, headers: Record<string, string> = {}) {
    const { app } = await loggedApp(env);
    try {
      return await app.inject({ url: '/api/metrics', headers });
    } finally {
      await app.close();
    }
  }

  it('is off in production without a METRICS_TOKEN', async () => {
    const res = await metricsWith(production);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('needs the configured bearer token in production', async () => {
    const env = { ...production, METRICS_TOKEN: TOKEN };
    expect((await metricsWith(env)).statusCode).toBe(401);
    expect((await metricsWith(env, bearer('metrics-scrape-token-guess'))).statusCode).toBe(401);
    const ok = await metricsWith(env, bearer(TOKEN));
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });

  it('stays open outside production unless a token is set', async () => {
    expect((await metricsWith({ LOG_LEVEL: 'silent' })).statusCode).toBe(200);
    expect((await metricsWith({ LOG_LEVEL: 'silent', METRICS_TOKEN: TOKEN })).statusCode).toBe(401);
  });
});
