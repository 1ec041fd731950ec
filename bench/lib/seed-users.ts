import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../apps/api/src/db/seed/demo-users';

/** Every seeded bench user signs in with the demo password (their hash is a demo user's). */
export const BENCH_PASSWORD = DEMO_PASSWORD;

export function benchEmail(n: number): string {
  return `bench${n}@example.com`;
}

/**
 * Seeds `count` free users (bench1@example.com …) on a database the API has migrated and seeded
 * with the demo, in a few set-based statements: one INSERT … SELECT generate_series for the users,
 * with the argon2id hash copied from a demo account (hashing 10k passwords would take minutes), and
 * their free-track lessons as the server would have them after a few days of use: some watched,
 * the next one open, the rest locked. With the rows in place `GET /api/user-lesson` is the read
 * it is for a returning user, not the first visit that copies the catalogue.
 */
export async function seedBenchUsers(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET statement_timeout = 0');
    const { rows } = await client.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [DEMO_ACCOUNTS[0].email],
    );
    const hash = rows[0]?.password_hash;
    if (!hash) throw new Error('the demo seed did not run: no demo user to copy a hash from');
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (name, email, mobile, dob, gender, password_hash, type, step)
       SELECT 'Bench User ' || n, 'bench' || n || '@example.com', (7000000000 + n)::text, 30,
         CASE WHEN n % 2 = 0 THEN 'female' ELSE 'male' END, $1, 'free', 1
       FROM generate_series(1, $2::int) AS n`,
      [hash, count],
    );
    // The first k free lessons watched (k = 0..2 by user) and the next one open; the score video
    // (after the free lessons) stays locked until the second SIM test, as the server keeps it.
    await client.query(
      `WITH track AS (
         SELECT id, type, row_number() OVER (ORDER BY day, video_order, id) AS position
         FROM lessons WHERE active AND NOT is_paid
       ), bench AS (
         SELECT id, abs(hashtext(id::text)) % 3 AS done
         FROM users WHERE email LIKE 'bench%@example.com'
       )
       INSERT INTO user_lessons (user_id, lesson_id, status, is_viewed, seconds_viewed, completed_at)
       SELECT b.id, t.id,
         CASE WHEN t.position <= b.done THEN 'completed'
              WHEN t.position = b.done + 1 AND t.type = 'free' THEN 'active'
              ELSE 'inactive' END,
         t.position <= b.done, CASE WHEN t.position <= b.done THEN 20 ELSE 0 END,
         CASE WHEN t.position <= b.done THEN now() END
       FROM bench b CROSS JOIN track t`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE users');
    await client.query('ANALYZE user_lessons');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** `n` user numbers spread evenly over 1..count. */
export function sampleUserNumbers(count: number, n: number): number[] {
  const size = Math.min(n, count);
  return Array.from({ length: size }, (_, i) => 1 + Math.floor((i * count) / size));
}

/** Signs one user in through the API with their password; returns the session token. */
export async function passwordLogin(
  baseUrl: string,
  email: string,
  password = BENCH_PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/user/password-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (res.status !== 200 || !body.token) {
    throw new Error(`password login of ${email}: ${res.status} ${body.message ?? ''}`);
  }
  return body.token;
}

/** Signs many users in, a few at a time (each login is an argon2 verification on the server). */
export async function loginMany(
  baseUrl: string,
  emails: readonly string[],
  concurrency = 4,
): Promise<string[]> {
  const tokens: string[] = new Array<string>(emails.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < emails.length) {
        const i = next++;
        tokens[i] = await passwordLogin(baseUrl, emails[i]!);
      }
    }),
  );
  return tokens;
}

/**
 * Gives each of these users a quit plan (cigarettes and gutka, quit about a year ago) and
 * `entries` craving log entries spread over the year, one in ten a slip: the log of a heavy user
 * of the quit companion, for GET /api/quit-plan/progress. Set-based, like `seedBenchUsers`.
 */
export async function seedQuitLogs(
  databaseUrl: string,
  emails: readonly string[],
  entries: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO quit_plans (user_id, quit_date, tobacco, reasons)
       SELECT id, (now() AT TIME ZONE 'Asia/Kolkata')::date - 360,
         '[{"type":"cigarette","per_day":10,"cost_per_day_paise":18000},
           {"type":"gutka","per_day":3,"cost_per_day_paise":3000}]'::jsonb,
         '["My family","My health"]'::jsonb
       FROM users WHERE email = ANY($1::text[])
       ON CONFLICT (user_id) DO NOTHING`,
      [emails],
    );
    await client.query(
      `INSERT INTO cravings (user_id, at, intensity, trigger, outcome, units, tobacco_type)
       SELECT u.id, now() - make_interval(mins => n * 500),
         1 + n % 5,
         (ARRAY['stress','after_meal','tea_coffee','alcohol','friends','boredom','work_break',
                'waking_up','other'])[1 + n % 9],
         CASE WHEN n % 10 = 0 THEN 'slipped' ELSE 'resisted' END,
         CASE WHEN n % 10 = 0 THEN 1 + n % 3 END,
         CASE WHEN n % 20 = 0 THEN 'gutka' END
       FROM users u CROSS JOIN generate_series(1, $2::int) AS n
       WHERE u.email = ANY($1::text[])`,
      [emails, entries],
    );
    await client.query('COMMIT');
    // A bulk load, then what autovacuum would do soon after it (visibility map, hint bits,
    // statistics), so the timed reads do not pay for the load.
    await client.query('VACUUM (ANALYZE) quit_plans, cravings');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
