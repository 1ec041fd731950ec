/**
 * Lighthouse budgets for the web app, on the production build served by the production API
 * (apps/api/dist/main.js with the demo seed, on a fresh database), in Debian's Chromium. Each page
 * is judged against the no-script floor measured in the same run: the landing page as its HTML and
 * stylesheet alone (a copy of the build without the page's scripts), what this machine scores for
 * a page before the app does anything. Budgets (bench/lib/budgets.ts):
 *
 *   public pages (landing, blog list, a blog post, SOS): performance at most 3 points under the floor;
 *   accessibility = 100, best practices ≥ 95, SEO ≥ 95;
 *   the dashboard: performance at most 10 points under the floor; accessibility = 100, best
 *   practices ≥ 95.
 *
 * The absolute scores and LCP are printed beside the floor, not judged. Lighthouse's default
 * preset: a mobile phone with simulated throttling (slow 4G, 4× CPU). Each page is measured
 * `--runs` times (default 3), each run followed by a run of the floor, and the run with the
 * median performance score counts, as Lighthouse recommends for noisy machines; the floor's
 * median is taken over all its runs.
 *
 * Run: npm run build && npm run lighthouse -w @exhale/bench [-- --quick] [-- --runs=5]
 *   --quick   the landing page only (for CI)
 *   --page=dashboard   one page only
 *   --traces  also keeps each run's trace beside the reports, for `npm run long-tasks`
 *   --against=<dir>  also measures another build of the web app (its `dist` folder, served by a
 *             second API on the same database), its runs interleaved with this build's, so that
 *             the machine's drift falls on both alike; its rows are marked `(against)`. Repeat it
 *             to compare several builds; each row is then marked with the name of the folder
 *             holding that `dist`
 *   --cpu-slowdown=<n>  Lighthouse's simulated CPU slowdown instead of the preset's 4, to see on a
 *             quick machine what a slower one would score (a diagnostic: with it, no budget is
 *             judged); e.g. 12 on a machine whose benchmarkIndex is three times the slowest's
 *
 * The floor's row is marked `(no script)`. To measure another page, add it to PAGES with the
 * budget it is held to.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import {
  CATEGORIES,
  judgePage,
  median as medianOf,
  MEMBER_PAGE_BUDGET,
  PUBLIC_PAGE_BUDGET,
  type Category,
  type PageBudget,
  type Scores,
} from './lib/budgets';
import { ensureBuilt, ROOT, startApi, type ApiProcess } from './lib/api-process';
import { createBenchDatabase, type BenchDatabase } from './lib/database';
import { callApi, demoSession, seedLocalStorage } from './lib/demo-member';
import { firstTouchMicrosPerPage } from './lib/memory-faults';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface PageCheck {
  name: string;
  /** The page's path, or how to find it on the running server (a blog post's id). */
  path: string | ((baseUrl: string) => Promise<string>);
  /** Signed in as the demo free user, three days after their quit date (demoSession). */
  signedIn?: boolean;
  budget: PageBudget;
}

/** The pages measured, in order; the floor is measured beside each of them. */
const PAGES: PageCheck[] = [
  { name: 'landing', path: '/', budget: PUBLIC_PAGE_BUDGET },
  { name: 'blog list', path: '/blog', budget: PUBLIC_PAGE_BUDGET },
  { name: 'blog post', path: firstBlogPost, budget: PUBLIC_PAGE_BUDGET },
  // Help in a craving, painted from its HTML like the public pages (decision 084).
  { name: 'sos', path: '/sos', budget: PUBLIC_PAGE_BUDGET },
  { name: 'dashboard', path: '/dashboard', signedIn: true, budget: MEMBER_PAGE_BUDGET },
];

/** The newest seeded blog post, as a reader opens it from the list. */
async function firstBlogPost(baseUrl: string): Promise<string> {
  const { data } = await callApi<{ data: { _id: string }[] }>(baseUrl, '/api/blog');
  if (!data[0]) throw new Error('the demo seed has no blog post');
  return `/blog/${data[0]._id}`;
}

function parseArgs(argv: string[]) {
  const quick = argv.includes('--quick');
  const only = argv.find((arg) => arg.startsWith('--page='))?.slice('--page='.length);
  const runsArg = argv.find((arg) => arg.startsWith('--runs='));
  const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`bad --runs: ${runsArg}`);
  const against = argv
    .filter((arg) => arg.startsWith('--against='))
    .map((arg) => arg.slice('--against='.length));
  for (const dist of against) {
    if (!existsSync(path.join(dist, 'index.html'))) {
      throw new Error(`--against=${dist} holds no web build (index.html)`);
    }
  }
  const slowdownArg = argv.find((arg) => arg.startsWith('--cpu-slowdown='));
  const cpuSlowdown = slowdownArg ? Number(slowdownArg.slice('--cpu-slowdown='.length)) : undefined;
  if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) throw new Error(`bad ${slowdownArg}`);
  return { quick, runs, only, traces: argv.includes('--traces'), against, cpuSlowdown };
}

/** The English landing page the server sends, as the prerender writes it. */
const LANDING_HTML = 'pages/en/index.html';

/**
 * A copy of the web build in `dir` whose landing page has no script: its HTML and stylesheet as
 * the server sends them, without the paint-first loader (or any other script or module preload).
 * The prerender's data block stays: it is JSON, which the browser does not run.
 */
async function scriptlessCopy(dist: string, dir: string): Promise<string> {
  const copy = path.join(dir, 'dist');
  await cp(dist, copy, { recursive: true });
  const file = path.join(copy, LANDING_HTML);
  const html = (await readFile(file, 'utf8'))
    .replace(/<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '');
  if (/<script\b(?![^>]*type="application\/json")/.test(html)) {
    throw new Error(`${LANDING_HTML} still has a script after removing them`);
  }
  await writeFile(file, html);
  // The server prefers the precompressed copies, which still carry the script.
  await rm(`${file}.br`, { force: true });
  await rm(`${file}.gz`, { force: true });
  return copy;
}

const score = (lhr: Result, category: Category): number =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

const scores = (lhr: Result): Scores =>
  Object.fromEntries(CATEGORIES.map((category) => [category, score(lhr, category)])) as Scores;

/** Trace hiccups Lighthouse itself asks to simply run again. */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED']);

type Run = Result & { report: string[]; trace: unknown };

async function runLighthouse(
  port: number,
  url: string,
  cpuSlowdown: number | undefined,
  attempt = 1,
): Promise<Run> {
  const flags: Flags = {
    port,
    output: ['html', 'json'],
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // Merged into the mobile preset's throttling; the network's stays slow 4G.
    ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const error = result.lhr.runtimeError;
  if (error) {
    if (RETRYABLE.has(error.code) && attempt < 3)
      return runLighthouse(port, url, cpuSlowdown, attempt + 1);
    throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
  }
  return Object.assign(result.lhr, {
    report: result.report as string[],
    trace: result.artifacts.Trace,
  });
}

function median<T extends Result>(results: T[]): T {
  const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Audits that cost points in a category, worst first, for the failure message. */
function lostPoints(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1)
    .sort((a, b) => b.ref.weight * (1 - b.audit.score!) - a.ref.weight * (1 - a.audit.score!))
    .map(
      ({ audit }) =>
        `${audit.id} (${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''})`,
    );
}

function metric(lhr: Result, id: string): string {
  return lhr.audits[id]?.displayValue?.replace(/\s/g, ' ') ?? '-';
}

/**
 * The element Chromium last reported as the largest paint, as `tag.class`. On /dashboard it tells
 * a run that measured the page's content (its milestone text) from one whose measurement a scroll
 * ended while the splash was the largest thing painted.
 */
function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined;
  const selector = details?.items?.[0]?.items?.[0]?.node?.selector ?? '-';
  return selector.split(' > ').at(-1) ?? selector;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
        )
        .join('  '),
    )
    .join('\n');
}

/** A web build under measurement: the API process serving it, and how its rows are labelled. */
interface Target {
  api: ApiProcess;
  label: string;
  /** Whether its budgets decide the exit code (not for an `--against` build). */
  judged: boolean;
  /** The no-script floor: measured beside every page, on the landing page's path. */
  floor?: boolean;
}

/**
 * The page's row of the table from its runs, with the budgets it missed against the floor's
 * median performance (undefined: not judged).
 */
function summarise(
  page: PageCheck,
  target: Target,
  results: Run[],
  floorPerformance: number | undefined,
) {
  const lhr = median(results);
  const misses =
    target.judged && floorPerformance !== undefined
      ? judgePage(page.name, scores(lhr), floorPerformance, page.budget)
      : [];
  const failures = misses.map((miss) => {
    const category = CATEGORIES.find((c) => miss.startsWith(`${page.name} ${c} `));
    return category ? `${miss}: ${lostPoints(lhr, category).join('; ')}` : miss;
  });
  const row = [
    `${target.floor ? 'floor' : page.name}${target.label}`,
    ...CATEGORIES.map((category) => String(score(lhr, category))),
    metric(lhr, 'first-contentful-paint'),
    metric(lhr, 'largest-contentful-paint'),
    metric(lhr, 'total-blocking-time'),
    metric(lhr, 'cumulative-layout-shift'),
    results.map((r) => score(r, 'performance')).join(' '),
  ];
  return { lhr, row, failures };
}

async function main(): Promise<number> {
  const { quick, runs, only, traces, against, cpuSlowdown } = parseArgs(process.argv.slice(2));
  const pages = PAGES.filter((page) =>
    quick ? page.name === 'landing' : only ? page.name.startsWith(only) : true,
  );
  if (pages.length === 0) throw new Error(`no page matches --page=${only}`);
  ensureBuilt();

  let database: BenchDatabase | undefined;
  const targets: Target[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let floorDir: string | undefined;
  try {
    console.log('Starting a fresh database and the production API…');
    database = await createBenchDatabase();
    // WEB_DIST_DIR measures another build of the web app, e.g. an older one for comparison.
    const dist = process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist');
    const builds = [
      { dist, label: '' },
      ...against.map((other) => ({
        dist: path.resolve(other),
        label: ` (${against.length > 1 ? path.basename(path.dirname(path.resolve(other))) : 'against'})`,
      })),
    ];
    floorDir = await mkdtemp(path.join(tmpdir(), 'exhale-no-script-'));
    builds.push({ dist: await scriptlessCopy(dist, floorDir), label: ' (no script)' });
    for (const build of builds) {
      const api = await startApi({
        databaseUrl: database.url,
        dataDir: database.dataDir,
        env: { WEB_DIST_DIR: build.dist },
      });
      targets.push({
        api,
        label: build.label,
        judged: build.label === '' && !cpuSlowdown,
        floor: build.label === ' (no script)',
      });
    }
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const reportDir = await mkdtemp(path.join(tmpdir(), 'exhale-lighthouse-'));

    const benchmarkIndexes: number[] = [];
    const measuredPages: { page: PageCheck; results: Run[][] }[] = [];
    const floorRuns: Run[] = [];
    for (const page of pages) {
      const pagePath =
        typeof page.path === 'string' ? page.path : await page.path(targets[0]!.api.url);
      // Each API is an origin of its own, with its own localStorage.
      for (const { api, floor: isFloor } of targets) {
        if (!page.signedIn || isFloor) continue;
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        try {
          await seedLocalStorage(browser, api.url, await demoSession(api.url));
        } finally {
          await browser.disconnect();
        }
      }
      const results = targets.map((): Run[] => []);
      for (let run = 1; run <= runs; run += 1) {
        // Interleaved, so that a slower stretch of the machine falls on every build alike.
        for (const [index, target] of targets.entries()) {
          const targetPath = target.floor ? '/' : pagePath;
          const name = target.floor ? 'floor' : page.name;
          process.stdout.write(`Lighthouse ${name}${target.label} (${run}/${runs})… `);
          const url = `${target.api.url}${targetPath}`;
          const lhr = await runLighthouse(chrome.port, url, cpuSlowdown);
          // A lost session would measure the landing page the guard redirects to.
          if (new URL(lhr.finalDisplayedUrl).pathname !== targetPath) {
            throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
          }
          results[index]!.push(lhr);
          if (target.floor) floorRuns.push(lhr);
          // Each run's figures: a median hides how far one build's runs spread.
          process.stdout.write(
            `${score(lhr, 'performance')} (FCP ${metric(lhr, 'first-contentful-paint')}, ` +
              `LCP ${metric(lhr, 'largest-contentful-paint')} ${lcpElement(lhr)}, ` +
              `TBT ${metric(lhr, 'total-blocking-time')})\n`,
          );
          benchmarkIndexes.push(lhr.environment.benchmarkIndex);
          if (traces) {
            const file = `${reportName(reportDir, name, target)}-${run}-performance-${score(lhr, 'performance')}.trace.json`;
            await writeFile(file, JSON.stringify(lhr.trace));
          }
        }
      }
      measuredPages.push({ page, results });
    }

    // Every page is judged against the floor's median over all its runs of this run.
    const floorPerformance = medianOf(floorRuns.map((lhr) => score(lhr, 'performance')));
    const failures: string[] = [];
    const rows: string[][] = [
      [
        'page',
        'perf',
        'vs floor',
        'a11y',
        'best pr.',
        'SEO',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'runs (perf)',
      ],
    ];
    for (const { page, results } of measuredPages) {
      for (const [index, target] of targets.entries()) {
        if (target.floor) continue;
        const summary = summarise(page, target, results[index]!, floorPerformance);
        const [html, json] = summary.lhr.report;
        await writeFile(`${reportName(reportDir, page.name, target)}.html`, html!);
        await writeFile(`${reportName(reportDir, page.name, target)}.json`, json!);
        const behind = floorPerformance - score(summary.lhr, 'performance');
        const allowed = page.budget.performanceBelowFloor;
        rows.push([
          summary.row[0]!,
          summary.row[1]!,
          `${behind > 0 ? '−' : '+'}${Math.abs(behind)} (≤ ${allowed})${behind > allowed && target.judged ? '!' : ''}`,
          ...summary.row.slice(2),
        ]);
        failures.push(...summary.failures);
      }
    }
    const floorIndex = targets.findIndex((target) => target.floor);
    const floorRow = summarise(PAGES[0]!, targets[floorIndex]!, floorRuns, undefined);
    const [floorHtml, floorJson] = floorRow.lhr.report;
    await writeFile(`${reportName(reportDir, 'floor', targets[floorIndex]!)}.html`, floorHtml!);
    await writeFile(`${reportName(reportDir, 'floor', targets[floorIndex]!)}.json`, floorJson!);
    rows.push([
      `floor${targets[floorIndex]!.label}`,
      String(floorPerformance),
      '',
      ...floorRow.row.slice(2),
    ]);

    const throttling = cpuSlowdown ? `, CPU slowed ${cpuSlowdown}× (budgets not judged)` : '';
    console.log(
      `\nLighthouse, mobile preset${throttling} (median of ${runs} run${runs > 1 ? 's' : ''}; ` +
        `the floor's of ${floorRuns.length})`,
    );
    console.log(table(rows));
    console.log(
      '\nBudgets: performance at most 3 points under the floor on public pages, 10 on the dashboard; ' +
        'accessibility = 100, best practices ≥ 95; SEO ≥ 95 on public pages. ' +
        'Absolute scores and LCP are shown, not judged.',
    );
    // What the scores depend on besides the app.
    const sortedIndexes = benchmarkIndexes.sort((a, b) => a - b);
    console.log(
      `Machine: benchmarkIndex ${Math.round(sortedIndexes[0]!)}–${Math.round(sortedIndexes.at(-1)!)}, ` +
        `first touch of memory ${firstTouchMicrosPerPage().toFixed(1)} µs per 4 KiB page`,
    );
    console.log(`Reports: ${reportDir}`);
    if (failures.length > 0) {
      console.error(`\nBudget missed:\n- ${failures.join('\n- ')}`);
      return 1;
    }
    return 0;
  } finally {
    await chrome?.kill();
    for (const { api } of targets) await api.stop();
    await database?.close();
    if (floorDir) await rm(floorDir, { recursive: true, force: true });
  }
}

/** Where a page's reports (and traces) go, without the extension. */
const reportName = (dir: string, name: string, target: Target) =>
  path.join(dir, `${name}${target.label}`.replace(/\W+/g, '-').replace(/-$/, ''));

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
