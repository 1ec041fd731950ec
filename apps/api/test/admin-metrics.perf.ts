import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app';
import { createAdmin, type TestUser } from './admin-fixtures';
import { seedAtScale } from './admin-scale-seed';

// The admin console at scale: 100k users with a year of sign-ups, tests, lessons, payments and
// refunds, made with generate_series. Slow to seed (tens of seconds), so it only runs when asked:
//
//   npm run bench:admin-metrics
//
// (add TEST_DATABASE_URL=postgres://… to use another server). Budget: 500 ms per request.

const BUDGET_MS = 500;

let app: FastifyInstance;
let admin: TestUser;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({ url, headers: admin.headers });
  const elapsed = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return elapsed;
}

describe('admin console at 100k users', () => {
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createAdmin(app);
    await seedAtScale(app);
  }, 300_000);

  it(`answers the metrics for 30 and 365 days within ${BUDGET_MS} ms`, async () => {
    await timed('/api/admin/metrics?days=30'); // warm the connection and the plan cache
    const month = await timed('/api/admin/metrics?days=30');
    const year = await timed('/api/admin/metrics?days=365');
    console.log(`metrics: 30 days ${month.toFixed(0)} ms, 365 days ${year.toFixed(0)} ms`);
    expect(month).toBeLessThan(BUDGET_MS);
    expect(year).toBeLessThan(BUDGET_MS);
  });

  it(`searches users by a part of the name, email or mobile within ${BUDGET_MS} ms`, async () => {
    await timed('/api/admin/users?q=perf9999');
    const byEmail = await timed('/api/admin/users?q=perf9999');
    const byMobile = await timed('/api/admin/users?q=6000012345');
    const broad = await timed('/api/admin/users?q=user');
    console.log(
      `search: email ${byEmail.toFixed(0)} ms, mobile ${byMobile.toFixed(0)} ms, broad ${broad.toFixed(0)} ms`,
    );
    expect(Math.max(byEmail, byMobile, broad)).toBeLessThan(BUDGET_MS);
    const plan = await app.db.execute(sql`
      EXPLAIN SELECT id FROM users
      WHERE name ILIKE '%perf9999%' OR email ILIKE '%perf9999%' OR mobile ILIKE '%perf9999%'`);
    expect(JSON.stringify(plan.rows)).toContain('trgm_idx');
  });
});
