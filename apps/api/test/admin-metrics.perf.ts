import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client';
import { createTestApp } from './app';
import { testDatabase } from './database';
import { createAdmin, type TestUser } from './admin-fixtures';
import { seedAtScale } from './admin-scale-seed';

// The admin console at scale: 100k users with a year of sign-ups, tests, lessons, payments and
// refunds, made with generate_series. Slow to seed (tens of seconds), so it only runs when asked:
//
//   npm run bench:admin-metrics
//
// (add TEST_DATABASE_URL=postgres://… to use another server).
//
// Budgets are relative to the machine (decision 087): each answer is timed beside a reference
// measured on the same database in the same run, one full pass over the 100k users matching a
// text in the three columns the search reads, as a search without its trigram index would do it.
// The metrics (a year of sign-ups, tests, lessons and money in one answer) may cost at most
// METRICS_PASSES such passes; a search, served by its index, must cost less than one.

const METRICS_PASSES = 4;
const SEARCH_PASSES = 1;

let app: FastifyInstance;
let admin: TestUser;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({ url, headers: admin.headers });
  const elapsed = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return elapsed;
}

/** One sequential pass over the users, index scans off, as the reference of this run. */
async function referencePass(): Promise<number> {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_indexscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    const started = performance.now();
    await tx.execute(sql`
      SELECT count(*) FROM users
      WHERE name ILIKE '%perf9999%' OR email ILIKE '%perf9999%' OR mobile ILIKE '%perf9999%'`);
    return performance.now() - started;
  });
}

const references: number[] = [];

/** The request's time, with a reference pass measured just before it (interleaved). */
async function timedBesideReference(url: string): Promise<number> {
  references.push(await referencePass());
  return timed(url);
}

/** The median of this run's reference passes so far. */
function reference(): number {
  const sorted = [...references].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

describe('admin console at 100k users', () => {
  beforeAll(async () => {
    app = await createTestApp();
    admin = await createAdmin(app);
    // Seeding 100k users and their trigram indexes is one long transaction: on a slow or busy
    // machine it outlasts the pool's timeouts, which are for requests, so it has a pool of its own.
    const seeding = createDatabase((await testDatabase()).url, {
      max: 1,
      statementTimeoutMs: 600_000,
    });
    try {
      await seedAtScale(app, seeding.db);
    } finally {
      await seeding.close();
    }
    await referencePass(); // warm the table into the cache, as the requests' warm-up does
  }, 300_000);

  it(`answers the metrics for 30 and 365 days within ${METRICS_PASSES} passes over the users`, async () => {
    await timed('/api/admin/metrics?days=30'); // warm the connection and the plan cache
    const month = await timedBesideReference('/api/admin/metrics?days=30');
    const year = await timedBesideReference('/api/admin/metrics?days=365');
    const limit = reference() * METRICS_PASSES;
    console.log(
      `metrics: 30 days ${ms(month)}, 365 days ${ms(year)}; reference pass ${ms(reference())} ` +
        `(${references.map(ms).join(', ')}), budget ${ms(limit)}`,
    );
    expect(month).toBeLessThan(limit);
    expect(year).toBeLessThan(limit);
  });

  it(`searches users by a part of the name, email or mobile within ${SEARCH_PASSES} pass over them`, async () => {
    await timed('/api/admin/users?q=perf9999');
    const byEmail = await timedBesideReference('/api/admin/users?q=perf9999');
    const byMobile = await timedBesideReference('/api/admin/users?q=6000012345');
    const broad = await timedBesideReference('/api/admin/users?q=user');
    const limit = reference() * SEARCH_PASSES;
    console.log(
      `search: email ${ms(byEmail)}, mobile ${ms(byMobile)}, broad ${ms(broad)}; ` +
        `reference pass ${ms(reference())}, budget ${ms(limit)}`,
    );
    expect(Math.max(byEmail, byMobile, broad)).toBeLessThan(limit);
    const plan = await app.db.execute(sql`
      EXPLAIN SELECT id FROM users
      WHERE name ILIKE '%perf9999%' OR email ILIKE '%perf9999%' OR mobile ILIKE '%perf9999%'`);
    expect(JSON.stringify(plan.rows)).toContain('trgm_idx');
  });
});
