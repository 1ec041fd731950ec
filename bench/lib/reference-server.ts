/**
 * The reference the API is measured against: a bare Fastify server whose one route does one
 * pooled node-postgres point select on the same database, with no plugins, hooks or schemas.
 * Runs as its own process (see `startReference`), like the API, so that it does not share an
 * event loop with the load generator. Prints `listening <port>` once it accepts requests.
 */
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({
  connectionString: databaseUrl,
  // The API's default pool size (DATABASE_POOL_MAX), so neither side gets more connections.
  max: Number(process.env.DATABASE_POOL_MAX ?? 20),
});
const { rows } = await pool.query<{ id: string }>('SELECT id FROM users');
const ids = rows.map((row) => row.id);
if (ids.length === 0) throw new Error('no users to select');

const app = Fastify({ logger: false });
app.get('/reference', async () => {
  const id = ids[Math.floor(Math.random() * ids.length)];
  const result = await pool.query<{ id: string; email: string }>(
    'SELECT id, email FROM users WHERE id = $1',
    [id],
  );
  return result.rows[0];
});

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`listening ${new URL(address).port}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
