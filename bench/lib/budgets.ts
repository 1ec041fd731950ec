/**
 * The benchmarks' budgets, judged against a reference measured on the same machine in the same
 * run (a page's no-script floor, a bare server's throughput), so that a slow or busy machine moves
 * both sides alike. Pure functions: each returns what was missed, one line per miss, empty when
 * every budget holds.
 */

export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
export const CATEGORIES: Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];

/** A Lighthouse page's budgets. */
export interface PageBudget {
  /** Performance at most this many points under the no-script floor of the same run. */
  performanceBelowFloor: number;
  /** Categories held at an absolute score (they do not depend on the machine's speed). */
  minimum: Partial<Record<Exclude<Category, 'performance'>, number>>;
}

/** Landing, blog list, a blog post: what a visitor and a search engine see. */
export const PUBLIC_PAGE_BUDGET: PageBudget = {
  performanceBelowFloor: 3,
  minimum: { accessibility: 100, 'best-practices': 95, seo: 95 },
};

/** Behind the login: search engines never see it, so SEO is shown but not budgeted. */
export const MEMBER_PAGE_BUDGET: PageBudget = {
  performanceBelowFloor: 10,
  minimum: { accessibility: 100, 'best-practices': 95 },
};

/** A page's median scores (0–100) by category. */
export type Scores = Record<Category, number>;

/** The page's misses against its budget, given the floor's median performance of the same run. */
export function judgePage(
  name: string,
  scores: Scores,
  floorPerformance: number,
  budget: PageBudget,
): string[] {
  const misses: string[] = [];
  const lowest = floorPerformance - budget.performanceBelowFloor;
  if (scores.performance < lowest) {
    misses.push(
      `${name} performance ${scores.performance} < ${lowest} ` +
        `(floor ${floorPerformance} − ${budget.performanceBelowFloor})`,
    );
  }
  for (const [category, minimum] of Object.entries(budget.minimum) as [Category, number][]) {
    if (scores[category] < minimum)
      misses.push(`${name} ${category} ${scores[category]} < ${minimum}`);
  }
  return misses;
}

/** The median of some numbers (the lower middle one of an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** One route's figures under load, or the reference's. */
export interface LoadFigures {
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** A route's budget against the reference server of the same run. */
export interface LoadBudget {
  /** Requests per second at least this share of the reference's. */
  minRateRatio: number;
  /** p99 at most this multiple of the reference's p99. */
  maxP99Ratio: number;
}

export const ROUTE_LOAD_BUDGET: LoadBudget = { minRateRatio: 0.6, maxP99Ratio: 2 };

/** A budgeted route's misses against the reference measured in the same run. */
export function judgeRoute(
  name: string,
  route: LoadFigures,
  reference: LoadFigures,
  budget: LoadBudget,
): string[] {
  const misses: string[] = [];
  const rate = route.reqPerSec / reference.reqPerSec;
  if (!(rate >= budget.minRateRatio)) {
    misses.push(
      `${name}: ${(rate * 100).toFixed(0)}% of the reference's req/s ` +
        `(budget ≥ ${(budget.minRateRatio * 100).toFixed(0)}%)`,
    );
  }
  const p99Limit = reference.p99Ms * budget.maxP99Ratio;
  if (route.p99Ms > p99Limit) {
    misses.push(
      `${name}: p99 ${route.p99Ms} ms > ${p99Limit} ms ` +
        `(${budget.maxP99Ratio}× the reference's ${reference.p99Ms} ms)`,
    );
  }
  return misses;
}

/** Any route's errors: none allowed, budgeted or not. */
export function judgeErrors(name: string, figures: LoadFigures): string[] {
  const misses: string[] = [];
  if (figures.non2xx > 0) misses.push(`${name}: ${figures.non2xx} non-2xx answers`);
  if (figures.errors > 0) misses.push(`${name}: ${figures.errors} errors or timeouts`);
  return misses;
}

/**
 * A duration judged against a reference duration of the same run: at most `maxRatio` times it.
 * `undefined` (never finished) is a miss.
 */
export function judgeDuration(
  name: string,
  measuredMs: number | undefined,
  referenceMs: number,
  maxRatio: number,
): string[] {
  const limit = referenceMs * maxRatio;
  if (measuredMs !== undefined && measuredMs <= limit) return [];
  const shown = measuredMs === undefined ? 'did not finish' : `${(measuredMs / 1000).toFixed(1)} s`;
  return [
    `${name} ${shown} > ${(limit / 1000).toFixed(1)} s ` +
      `(${maxRatio}× the reference's ${(referenceMs / 1000).toFixed(1)} s)`,
  ];
}
