import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app';
import { parseConfig, type Config } from '../src/config';
import type { BackgroundTasks } from '../src/lib/background-tasks';
import type { Clock } from '../src/lib/clock';
import { testDatabase } from './database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

// Uploads of this test file go to a temp dir of its own, never to the repository's ./data.
let dataDir: string | undefined;
function testDataDir(): string {
  if (!dataDir) {
    const dir = mkdtempSync(path.join(tmpdir(), 'exhale-data-'));
    dataDir = dir;
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
  }
  return dataDir;
}

/** Config as a test process sees it: quiet logs, generous limits, no outside services. */
export function testConfig(env: Record<string, string> = {}): Config {
  const raw = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '10000',
    AUTH_RATE_LIMIT_MAX: '10000',
    SEED_DEMO: 'false',
    DATA_DIR: env.DATA_DIR ?? testDataDir(),
    ...env,
  });
  return { ...raw, JWT_SECRET: raw.JWT_SECRET ?? TEST_JWT_SECRET };
}

/** A clock tests move by hand (OTP expiry, resend cooldowns, retry backoff). */
export class ManualClock implements Clock {
  private current: number;

  constructor(start = Date.now()) {
    this.current = start;
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

/** Builds the real app on this file's database; closed after the file's tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    redis?: Redis;
    backgroundTasks?: BackgroundTasks;
    /** Where the app's log lines go; they are written only when `LOG_LEVEL` is not 'silent'. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<FastifyInstance> {
  const database = await testDatabase();
  const app = await buildApp({
    config: testConfig(env),
    db: database.db,
    pool: database.pool,
    ...options,
  });
  await app.ready();
  afterAll(() => app.close());
  return app;
}
