/**
 * The main thread's work while a page loads, for comparing builds of the web app (no budget).
 *
 * Lighthouse's score of a page that runs as many mid-sized tasks as /dashboard moves by ten
 * points and more between runs of one build (its blocking time is a threshold sum over a
 * simulation of the observed tasks), so a change worth 5% of the page's work cannot be seen in
 * its medians. This measures the work itself, in Debian's Chromium on the production build
 * served by the production API (demo seed, fresh database), each load in a fresh browser
 * context (no cache, no service worker) with the CPU slowed by Chrome itself
 * (`Emulation.setCPUThrottlingRate`, 4× as in Lighthouse's phone) and no network throttling:
 *
 *   busy      Chrome's TaskDuration: all the page's main-thread tasks, first byte to quiet
 *   script    ScriptDuration (JavaScript: compile, evaluation, React's render and commit)
 *   style     RecalcStyleDuration
 *   layout    LayoutDuration
 *   blocking  Σ (long task − 50 ms) over the long tasks from the first paint on, as the page's
 *             own `longtask` entries report them (real time under the slowdown)
 *
 * Each figure is the median of the loads, with the range beside it. The page is opened as the
 * demo member three days after their quit date (as the Lighthouse bench does), or as a visitor.
 *
 * Run: npm run build && npm run main-thread -w @exhale/bench [-- flags]
 *   --page=<path>     the page (default /dashboard)
 *   --visitor         without a session
 *   --loads=<n>       loads per build (default 12)
 *   --cpu=<rate>      CPU slowdown (default 4)
 *   --against=<dir>   another build's `dist` folder, served by a second API on the same
 *                     database; its loads alternate with this build's
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import { ensureBuilt, ROOT, startApi, type ApiProcess } from './lib/api-process';
import { createBenchDatabase, type BenchDatabase } from './lib/database';
import { demoSession, seedLocalStorage } from './lib/demo-member';
import { formatTable } from './lib/load';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Lighthouse's mobile viewport. */
const VIEWPORT = { width: 412, height: 823, isMobile: true, hasTouch: true };
/** Chrome's Performance.getMetrics names, in seconds. */
const METRICS = {
  busy: 'TaskDuration',
  script: 'ScriptDuration',
  style: 'RecalcStyleDuration',
  layout: 'LayoutDuration',
} as const;
type Figure = keyof typeof METRICS | 'blocking';
const FIGURES: Figure[] = ['busy', 'script', 'style', 'layout', 'blocking'];

interface Build {
  label: string;
  api: ApiProcess;
  /** What the web app keeps in localStorage after a sign-in; none for a visitor. */
  session?: Record<string, string>;
  loads: Record<Figure, number>[];
}

function options() {
  const { values } = parseArgs({
    options: {
      page: { type: 'string', default: '/dashboard' },
      visitor: { type: 'boolean', default: false },
      loads: { type: 'string', default: '12' },
      cpu: { type: 'string', default: '4' },
      against: { type: 'string' },
    },
  });
  const loads = Number(values.loads);
  const cpu = Number(values.cpu);
  if (!Number.isInteger(loads) || loads < 1) throw new Error(`bad --loads: ${values.loads}`);
  if (!(cpu >= 1)) throw new Error(`bad --cpu: ${values.cpu}`);
  if (values.against !== undefined && !existsSync(path.join(values.against, 'index.html'))) {
    throw new Error(`--against=${values.against} holds no web build (index.html)`);
  }
  return { page: values.page, visitor: values.visitor, loads, cpu, against: values.against };
}

/**
 * Registered before any of the page's scripts: its long tasks and first paint, as it sees them.
 * Runs in the page, so the browser's entry types, which Node's typings do not list.
 */
function observeLongTasks(): void {
  const seen: { longTasks: [number, number][]; firstPaint?: number } = { longTasks: [] };
  (globalThis as unknown as { __mainThread: typeof seen }).__mainThread = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry.entryType as string) === 'longtask')
        seen.longTasks.push([entry.startTime, entry.duration]);
      else if (entry.name === 'first-contentful-paint') seen.firstPaint = entry.startTime;
    }
  }).observe({ entryTypes: ['longtask', 'paint'] as never[] });
}

async function measureLoad(
  browser: Browser,
  build: Build,
  pagePath: string,
  cpu: number,
): Promise<Record<Figure, number>> {
  const context = await browser.createBrowserContext();
  try {
    if (build.session) await seedLocalStorage(context, build.api.url, build.session);
    const page = await context.newPage();
    await page.setViewport(VIEWPORT);
    const cdp = await page.createCDPSession();
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.evaluateOnNewDocument(observeLongTasks);
    const metricsNow = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return new Map(metrics.map((m) => [m.name, m.value]));
    };
    const before = await metricsNow();
    await page.goto(`${build.api.url}${pagePath}`, { waitUntil: 'networkidle0' });
    if (new URL(page.url()).pathname !== pagePath) {
      throw new Error(`${pagePath} ended at ${page.url()} (a lost session?)`);
    }
    const after = await metricsNow();
    const seen = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            __mainThread: { longTasks: [number, number][]; firstPaint?: number };
          }
        ).__mainThread,
    );
    const figures = { blocking: 0 } as Record<Figure, number>;
    for (const [figure, name] of Object.entries(METRICS) as [Figure, string][]) {
      const start = before.get(name) ?? 0;
      const end = after.get(name) ?? 0;
      // A navigation that moved the page to another renderer process starts its count afresh.
      figures[figure] = (end >= start ? end - start : end) * 1000;
    }
    for (const [start, duration] of seen.longTasks) {
      if (seen.firstPaint === undefined || start >= seen.firstPaint) {
        figures.blocking += Math.max(0, duration - 50);
      }
    }
    return figures;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function summary(build: Build): string[] {
  return [
    build.label,
    ...FIGURES.map((figure) => {
      const values = build.loads.map((load) => load[figure]);
      const range = `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
      return `${Math.round(median(values))} (${range})`;
    }),
  ];
}

async function main(): Promise<void> {
  const { page, visitor, loads, cpu, against } = options();
  ensureBuilt();
  let database: BenchDatabase | undefined;
  const builds: Build[] = [];
  let browser: Browser | undefined;
  try {
    console.log('Starting a fresh database and the production API…');
    database = await createBenchDatabase();
    const dists = [
      { dist: path.join(ROOT, 'apps/web/dist'), label: 'this build' },
      ...(against ? [{ dist: path.resolve(against), label: `against ${against}` }] : []),
    ];
    for (const { dist, label } of dists) {
      const api = await startApi({
        databaseUrl: database.url,
        dataDir: database.dataDir,
        env: { WEB_DIST_DIR: dist },
      });
      builds.push({
        label,
        api,
        loads: [],
        session: visitor ? undefined : await demoSession(api.url),
      });
    }
    browser = await puppeteer.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    for (let load = 1; load <= loads; load += 1) {
      // Alternated, so that a slower stretch of the machine falls on every build alike.
      for (const build of builds) {
        const figures = await measureLoad(browser, build, page, cpu);
        build.loads.push(figures);
        const shown = FIGURES.map((figure) => `${figure} ${Math.round(figures[figure])}`);
        console.log(`${build.label} (${load}/${loads}): ${shown.join(', ')} ms`);
      }
    }
    console.log(
      `\n${page}${visitor ? ' (visitor)' : ''}, CPU slowed ${cpu}×, ${loads} loads each: ` +
        'median ms (range)',
    );
    console.log(formatTable(['build', ...FIGURES], builds.map(summary)));
  } finally {
    await browser?.close();
    for (const build of builds) await build.api.stop();
    await database?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
