import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/api/src/db/embedded';

export { freePort };

/** Repository root, whichever script imports this. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The API build the scripts run; `BENCH_API_ENTRY` names another (e.g. an older build's). */
export const API_ENTRY = process.env.BENCH_API_ENTRY ?? path.join(ROOT, 'apps/api/dist/main.js');

/** Builds the API and web app once, when either build output is missing. */
export function ensureBuilt(): void {
  if (existsSync(API_ENTRY) && existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  exited: Promise<number | string>;
  /** SIGTERM (graceful drain) unless told otherwise; resolves once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface StartApiOptions {
  /** A database that already has the schema, or an empty one this process will migrate. */
  databaseUrl: string;
  /** A folder of this run's own (uploads, local secrets). */
  dataDir: string;
  port?: number;
  redisUrl?: string;
  seedDemo?: boolean;
  /** Extra environment, e.g. a higher rate limit for load tests. */
  env?: Record<string, string>;
  /** How long to wait for /api/readyz. */
  readyTimeoutMs?: number;
  /** Node's own flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}

/**
 * Runs the production build of the API (`apps/api/dist/main.js`) as its own process, the way
 * `npm start` does with DATABASE_URL set, and waits until /api/readyz answers 200.
 */
export async function startApi(options: StartApiOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    MESSAGING_INBOUND_SECRET: 'bench-messaging-secret-0123456789abcdef',
    SELLER_GSTIN: '29AAPFU0939F1ZV',
    // Production names its payment provider; the sandbox takes no money.
    PAYMENT_PROVIDER: 'sandbox',
    // Production names who push services may contact about the server.
    WEB_PUSH_SUBJECT: 'mailto:bench@example.com',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    SEED_DEMO: String(options.seedDemo ?? true),
    LOG_LEVEL: 'warn',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), API_ENTRY], {
    cwd: ROOT,
    env,
    stdio: 'pipe',
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (gone) throw new Error(`API exited before it was ready:\n${log}`);
    const ready = await fetch(`${url}/api/readyz`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) {
      return {
        url,
        port,
        child,
        output: () => log,
        exited,
        stop(signal = 'SIGTERM') {
          if (!gone) child.kill(signal);
          return exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`API not ready within the timeout:\n${log}`);
}
