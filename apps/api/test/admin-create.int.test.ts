import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { createDatabase } from '../src/db/client';
import { repoRoot } from '../src/lib/repo-root';

const run = promisify(execFile);
const apiDir = path.resolve(import.meta.dirname, '..');
const tsx = path.join(repoRoot(), 'node_modules', '.bin', 'tsx');

/**
 * `npm run admin:create` beside a running `npm start`: the server's embedded PostgreSQL is up on
 * the data dir, and the command (which npm runs inside apps/api) must find that same data and use
 * that server, not start a second, empty cluster.
 */
describe('npm run admin:create beside a running server', () => {
  let dataDir: string;
  let server: EmbeddedDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exhale-admin-cli-'));
    await chmod(dataDir, 0o755);
    // What `npm start` does before it listens: start the embedded server, migrate.
    server = await startEmbeddedDatabase({ dataDir, log: () => {} });
    const database = createDatabase(server.url, { max: 2 });
    await runMigrations(database.db, database.pool);
    await database.close();
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Runs the command as npm runs it: from apps/api, DATA_DIR relative to the repository root. */
  function adminCreate(args: string[], stdin?: string) {
    const child = run(tsx, ['src/cli/admin-create.ts', ...args], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.relative(repoRoot(), dataDir) },
    });
    child.child.stdin?.end(stdin ?? '');
    return child;
  }

  async function roleOf(email: string): Promise<string | undefined> {
    const { rows } = await client.query<{ role: string }>(
      'SELECT role FROM users WHERE email = $1',
      [email],
    );
    return rows[0]?.role;
  }

  it('creates the first operator with a password read from standard input', async () => {
    const { stdout } = await adminCreate(
      ['--email', 'Ops@Example.com', '--create', '--name', 'Asha Rao', '--password-stdin'],
      'Str0ng@Pass\n',
    );
    expect(stdout).toContain('created the operator account ops@example.com');
    expect(await roleOf('ops@example.com')).toBe('admin');
    // The running server's database was used and is still up.
    const { rows } = await client.query('SELECT 1 AS up');
    expect(rows).toEqual([{ up: 1 }]);
  });

  it('refuses a weak password with the sign-up rule and creates nothing', async () => {
    await expect(
      adminCreate(['--email', 'weak@example.com', '--create', '--password-stdin'], 'a\n'),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Enter valid Password') });
    expect(await roleOf('weak@example.com')).toBeUndefined();
  });

  it('promotes an account that exists on the running server', async () => {
    await client.query(
      "INSERT INTO users (name, email, password_hash) VALUES ('Member', 'member@example.com', 'x')",
    );
    const { stdout } = await adminCreate(['--email', 'member@example.com']);
    expect(stdout).toContain('member@example.com is now an admin');
    expect(await roleOf('member@example.com')).toBe('admin');
  });

  it('gives the coach role with --role coach, and creates a coach account', async () => {
    await client.query(
      "INSERT INTO users (name, email, password_hash) VALUES ('Coach', 'coach.cli@example.com', 'x')",
    );
    const { stdout } = await adminCreate(['--email', 'coach.cli@example.com', '--role', 'coach']);
    expect(stdout).toContain('coach.cli@example.com is now a coach');
    expect(await roleOf('coach.cli@example.com')).toBe('coach');

    const created = await adminCreate(
      ['--email', 'new.coach@example.com', '--create', '--role', 'coach', '--password-stdin'],
      'Str0ng@Pass\n',
    );
    expect(created.stdout).toContain('created the coach account new.coach@example.com');
    expect(await roleOf('new.coach@example.com')).toBe('coach');
  });

  it('refuses any other role', async () => {
    await expect(
      adminCreate(['--email', 'member@example.com', '--role', 'owner']),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--role must be') });
    expect(await roleOf('member@example.com')).toBe('admin');
  });

  it('names the way forward for an email with no account', async () => {
    await expect(adminCreate(['--email', 'nobody@example.com'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('add --create'),
    });
  });
});
