/**
 * Reads a trace that `npm run lighthouse -w @exhale/bench -- --traces` kept and prints the
 * page's long main-thread tasks, each with the events that took most of it, then how many
 * scripts the page asked for. No budget: it shows where a page's blocking time comes from.
 *
 * Lighthouse measures the page unthrottled and simulates a phone by multiplying the CPU time it
 * observed by 4, so a task counts as long here from 12.5 ms (50 ms on the simulated phone);
 * `--cpu-slowdown=<n>` for traces of `lighthouse --cpu-slowdown=<n>` (from 50/n ms). Its
 * simulation drops most observed tasks under 10 ms before it multiplies.
 *
 * Each task shows its wall time and, after the slash, the main thread's own CPU time in it. The
 * simulation multiplies the wall time; on a machine with two cores the difference is the time the
 * thread waited for a core while Chromium's other processes and threads, the API and Lighthouse
 * itself ran, so a task can be long with almost no work of its own.
 *
 * Run: npm run long-tasks -w @exhale/bench -- <trace.json> [--min-ms=12.5] [--cpu-slowdown=4]
 */
import { readFile } from 'node:fs/promises';

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** Lighthouse's mobile preset. */
const DEFAULT_CPU_SLOWDOWN = 4;

function numberArg(argv: string[], name: string): number | undefined {
  const arg = argv.find((a) => a.startsWith(`--${name}=`));
  if (arg === undefined) return undefined;
  const value = Number(arg.slice(name.length + 3));
  if (!(value > 0)) throw new Error(`bad ${arg}`);
  return value;
}

function parseArgs(argv: string[]) {
  const file = argv.find((arg) => !arg.startsWith('--'));
  if (!file) {
    throw new Error('usage: long-tasks <trace.json> [--min-ms=12.5] [--cpu-slowdown=4]');
  }
  const slowdown = numberArg(argv, 'cpu-slowdown') ?? DEFAULT_CPU_SLOWDOWN;
  const minMs = numberArg(argv, 'min-ms') ?? 50 / slowdown;
  return { file, minMs, slowdown };
}

/** The renderer main thread that ran the most: the page under test. */
function pageMainThread(events: TraceEvent[]): TraceEvent[] {
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map<string, number>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' && e.dur && mainThreads.has(thread)) {
      busy.set(thread, (busy.get(thread) ?? 0) + e.dur);
    }
  }
  const [thread] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!thread) throw new Error('the trace has no renderer main thread');
  return events.filter((e) => `${e.pid}:${e.tid}` === thread);
}

function label(event: TraceEvent): string {
  const data = event.args?.data;
  const file = data?.url?.startsWith('data:') ? 'data: URL' : data?.url?.split('/').pop();
  return [event.name, file, data?.functionName].filter(Boolean).join(' ');
}

const ms = (microseconds: number) => (microseconds / 1000).toFixed(1);

async function main(): Promise<void> {
  const { file, minMs, slowdown } = parseArgs(process.argv.slice(2));
  const trace = JSON.parse(await readFile(file, 'utf8')) as
    TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const thread = pageMainThread(events);
  const start = Math.min(...thread.filter((e) => e.ts > 0).map((e) => e.ts));
  const tasks = thread.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000);

  console.log(
    `Tasks of ${Number(minMs.toFixed(1))} ms or more on the page's main thread ` +
      '(start, wall / CPU ms, from its first task):',
  );
  let blocking = 0;
  let wall = 0;
  let cpu = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    // Time per kind of event inside the task (nested events overlap: shares, not a sum).
    const inside = new Map<string, number>();
    for (const e of thread) {
      if (e === task || e.ts < task.ts || e.ts >= end || (e.dur ?? 0) < 1000) continue;
      inside.set(label(e), (inside.get(label(e)) ?? 0) + e.dur!);
    }
    const largest = [...inside]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, dur]) => `${name} ${ms(dur)}`);
    const own = `${ms(task.dur!)} / ${ms(task.tdur ?? 0)}`;
    console.log(`${ms(task.ts - start).padStart(8)}  ${own.padStart(13)}  ${largest.join(' | ')}`);
    blocking += Math.max(0, task.dur! * slowdown - 50_000);
    wall += task.dur!;
    cpu += task.tdur ?? 0;
  }
  const scripts = events.filter(
    (e) => e.name === 'ResourceSendRequest' && /\.m?js(\?|$)/.test(e.args?.data?.url ?? ''),
  );
  console.log(
    `\n${tasks.length} long tasks, ${ms(wall)} ms of wall time with ${ms(cpu)} ms of the ` +
      `thread's own CPU; ${ms(blocking)} ms of them beyond 50 ms at ${slowdown}× CPU`,
  );
  console.log('(Lighthouse simulates the page before it sums: its blocking time differs.)');
  console.log(`${scripts.length} script requests`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
