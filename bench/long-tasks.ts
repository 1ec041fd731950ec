/**
 * Reads a trace that `npm run lighthouse -w @exhale/bench -- --traces` kept and prints the
 * page's long main-thread tasks, each with the events that took most of it, then how many
 * scripts the page asked for. No budget: it shows where a page's blocking time comes from.
 *
 * Lighthouse measures the page unthrottled and simulates a phone by multiplying the CPU time it
 * observed by 4, so a task counts as long here from 12.5 ms (50 ms on the simulated phone).
 *
 * Run: npm run long-tasks -w @exhale/bench -- <trace.json> [--min-ms=12.5]
 */
import { readFile } from 'node:fs/promises';

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

const CPU_SLOWDOWN = 4;

function parseArgs(argv: string[]) {
  const file = argv.find((arg) => !arg.startsWith('--'));
  if (!file) throw new Error('usage: long-tasks <trace.json> [--min-ms=12.5]');
  const minArg = argv.find((arg) => arg.startsWith('--min-ms='));
  const minMs = minArg ? Number(minArg.slice('--min-ms='.length)) : 50 / CPU_SLOWDOWN;
  if (!(minMs > 0)) throw new Error(`bad --min-ms: ${minArg}`);
  return { file, minMs };
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
  const { file, minMs } = parseArgs(process.argv.slice(2));
  const trace = JSON.parse(await readFile(file, 'utf8')) as
    TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const thread = pageMainThread(events);
  const start = Math.min(...thread.filter((e) => e.ts > 0).map((e) => e.ts));
  const tasks = thread.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000);

  console.log(`Tasks of ${minMs} ms or more on the page's main thread (ms from its first task):`);
  let blocking = 0;
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
    console.log(
      `${ms(task.ts - start).padStart(8)}  ${ms(task.dur!).padStart(6)}  ${largest.join(' | ')}`,
    );
    blocking += Math.max(0, task.dur! * CPU_SLOWDOWN - 50_000);
  }
  const scripts = events.filter(
    (e) => e.name === 'ResourceSendRequest' && /\.m?js(\?|$)/.test(e.args?.data?.url ?? ''),
  );
  console.log(`\n${tasks.length} long tasks; ${ms(blocking)} ms of them beyond 50 ms at 4× CPU`);
  console.log('(Lighthouse simulates the page before it sums: its blocking time differs.)');
  console.log(`${scripts.length} script requests`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
