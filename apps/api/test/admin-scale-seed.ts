import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seedCatalogue } from './money-fixtures';
import type { Database } from '../src/db/client';

const USERS = 100_000;

/**
 * 100k users with a year of sign-ups, SIM attempts, lesson progress, payments and refunds, made
 * with generate_series (admin-metrics.perf.ts). `db` is where the rows are written from: a
 * connection without the request timeouts on a slow machine, where the one transaction takes long.
 */
export async function seedAtScale(app: FastifyInstance, db: Database = app.db) {
  const { lifetime } = await seedCatalogue(app);
  // One transaction without the pool's 15 s statement timeout: building the trigram indexes
  // for 100k rows takes longer than any request may.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    const run = (query: ReturnType<typeof sql>) => tx.execute(query);
    await run(sql`
    INSERT INTO lessons (title, day, video_order, source, total_duration, is_paid, type)
    SELECT 'Free ' || n, 1, n, 'lessons/f' || n || '.mp4', 20, false, 'free'
    FROM generate_series(1, 3) AS n
    UNION ALL
    SELECT 'Paid ' || d || '-' || o, d, o, 'lessons/p' || d || o || '.mp4', 20, true, 'paid'
    FROM generate_series(1, 7) AS d, generate_series(1, 2) AS o`);
    // A year of sign-ups; every tenth user premium.
    await run(sql`
    INSERT INTO users (name, email, mobile, type, step, created_at)
    SELECT 'Perf User ' || n, 'perf' || n || '@example.com', (6000000000 + n)::text,
      CASE WHEN n % 10 = 0 THEN 'premium' ELSE 'free' END, n % 5,
      now() - (n % 365) * interval '1 day' - (n % 1440) * interval '1 minute'
    FROM generate_series(1, ${USERS}) AS n`);
    await run(sql`
    INSERT INTO test_attempts (user_id, attempt, total_points, created_at)
    SELECT id, a, 40 + a * 30, created_at + a * interval '2 days'
    FROM users, generate_series(1, 2) AS a
    WHERE email LIKE 'perf%' AND (a = 1 OR right(mobile, 1) < '5')`);
    // Free users: their free track, half done. Premium users: the paid programme, more done on
    // earlier days.
    await run(sql`
    INSERT INTO user_lessons (user_id, lesson_id, status)
    SELECT u.id, l.id,
      CASE WHEN l.video_order <= (hashtext(u.id::text) & 3) THEN 'completed' ELSE 'inactive' END
    FROM users u JOIN lessons l ON NOT l.is_paid
    WHERE u.email LIKE 'perf%' AND u.type = 'free'`);
    await run(sql`
    INSERT INTO user_lessons (user_id, lesson_id, status)
    SELECT u.id, l.id,
      CASE WHEN l.day <= (hashtext(u.id::text) & 7) THEN 'completed' ELSE 'inactive' END
    FROM users u JOIN lessons l ON l.is_paid
    WHERE u.email LIKE 'perf%' AND u.type = 'premium'`);
    // One paid order, payment and plan per premium user; one in twenty refunded.
    await run(sql`
    INSERT INTO payment_orders (user_id, purpose, plan_id, provider, provider_order_id,
      price_paise, discount_paise, sub_total_paise, gst_paise, total_paise, status, created_at)
    SELECT id, 'plan', ${lifetime.id}::uuid, 'sandbox', 'order_perf_' || id,
      499900, 0, 499900, 89982, 589882, 'paid', created_at + interval '1 day'
    FROM users WHERE email LIKE 'perf%' AND type = 'premium'`);
    await run(sql`
    INSERT INTO payments (order_id, provider_payment_id, amount_paise, captured_at, buyer_name)
    SELECT o.id, 'pay_perf_' || o.id, o.total_paise, o.created_at, 'Perf User'
    FROM payment_orders o WHERE o.provider_order_id LIKE 'order_perf_%'`);
    await run(sql`
    INSERT INTO user_plans (user_id, plan_id, payment_id, status, purchased_at)
    SELECT o.user_id, o.plan_id, p.id,
      CASE WHEN right(o.user_id::text, 1) = 'a' THEN 'refunded' ELSE 'active' END, p.captured_at
    FROM payments p JOIN payment_orders o ON o.id = p.order_id
    WHERE o.provider_order_id LIKE 'order_perf_%'`);
    await run(sql`
    INSERT INTO refunds (user_plan_id, payment_id, user_id, amount_paise, status, requested_at,
      decided_at, processed_at)
    SELECT up.id, up.payment_id, up.user_id, 589882, 'processed', up.purchased_at + interval '1 day',
      up.purchased_at + interval '2 days', up.purchased_at + interval '2 days'
    FROM user_plans up WHERE up.status = 'refunded'`);
  });
  // As autovacuum would have by then: statistics, visibility map, GIN pending lists merged.
  await db.execute(sql`VACUUM ANALYZE`);
}
