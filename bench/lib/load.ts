import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from './api-process';

export interface LoadTarget {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  /** Requests each connection cycles through (e.g. one per user token); default one plain GET. */
  requests?: { headers?: Record<string, string>; body?: string }[];
}

export interface LoadResult {
  name: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  /** Mean requests per second over the run. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

/** One autocannon run against a target; `requests` rotate per connection without rebuilding. */
export async function runLoad(
  target: LoadTarget,
  options: { connections: number; durationSeconds: number },
): Promise<LoadResult> {
  const url = new URL(target.url);
  const requests = (target.requests ?? [{}]).map((r) => ({
    method: target.method ?? 'GET',
    path: url.pathname + url.search,
    headers: r.headers,
    body: r.body,
  }));
  const result = await autocannon({
    url: url.origin,
    connections: options.connections,
    duration: options.durationSeconds,
    requests,
  });
  return {
    name: target.name,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Several runs at once (e.g. one per API process); the results are summed. */
export async function runLoadTogether(
  name: string,
  targets: LoadTarget[],
  options: { connections: number; durationSeconds: number },
): Promise<LoadResult> {
  const per = Math.floor(options.connections / targets.length);
  const results = await Promise.all(
    targets.map((target, i) =>
      runLoad(target, {
        ...options,
        // Any remainder goes to the first, so the total stays `connections`.
        connections: per + (i === 0 ? options.connections - per * targets.length : 0),
      }),
    ),
  );
  return {
    name,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    requests: sum(results.map((r) => r.requests)),
    reqPerSec: sum(results.map((r) => r.reqPerSec)),
    // Not a true merged percentile; the worse side's is the honest bound.
    p50Ms: Math.max(...results.map((r) => r.p50Ms)),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    non2xx: sum(results.map((r) => r.non2xx)),
    errors: sum(results.map((r) => r.errors)),
  };
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export interface ReferenceServer {
  url: string;
  /** Its process, e.g. to read its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

/** Starts bench/lib/reference-server.ts in a process of its own and waits until it listens. */
export async function startReference(databaseUrl: string): Promise<ReferenceServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/lib/reference-server.ts')],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`reference server exited (${code}):\n${output}`)),
    );
    setTimeout(() => reject(new Error(`reference server not ready:\n${output}`)), 30_000).unref();
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A plain-text table, columns padded to their widest cell: the first and `textColumns` left, the
 * rest (figures) right.
 */
export function formatTable(
  header: string[],
  rows: string[][],
  textColumns: number[] = [],
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const left = (i: number) => i === 0 || textColumns.includes(i);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
