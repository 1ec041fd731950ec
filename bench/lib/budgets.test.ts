import { describe, expect, it } from 'vitest';
import {
  judgeDuration,
  judgeErrors,
  judgePage,
  judgeRoute,
  median,
  MEMBER_PAGE_BUDGET,
  PUBLIC_PAGE_BUDGET,
  ROUTE_LOAD_BUDGET,
  type Scores,
} from './budgets';

const page = (performance: number, rest: Partial<Scores> = {}): Scores => ({
  performance,
  accessibility: 100,
  'best-practices': 96,
  seo: 100,
  ...rest,
});

describe('judgePage', () => {
  it('holds a public page within 3 points of the floor, whatever the machine scores', () => {
    expect(judgePage('landing', page(87), 90, PUBLIC_PAGE_BUDGET)).toEqual([]);
    expect(judgePage('landing', page(60), 62, PUBLIC_PAGE_BUDGET)).toEqual([]);
    expect(judgePage('landing', page(86), 90, PUBLIC_PAGE_BUDGET)).toEqual([
      'landing performance 86 < 87 (floor 90 − 3)',
    ]);
  });

  it('allows the dashboard 10 points under the floor and no more', () => {
    expect(judgePage('dashboard', page(80, { seo: 60 }), 90, MEMBER_PAGE_BUDGET)).toEqual([]);
    expect(judgePage('dashboard', page(79), 90, MEMBER_PAGE_BUDGET)).toEqual([
      'dashboard performance 79 < 80 (floor 90 − 10)',
    ]);
  });

  it('holds accessibility, best practices and SEO at absolute scores', () => {
    expect(
      judgePage(
        'blog post',
        page(99, { accessibility: 98, 'best-practices': 94, seo: 92 }),
        90,
        PUBLIC_PAGE_BUDGET,
      ),
    ).toEqual([
      'blog post accessibility 98 < 100',
      'blog post best-practices 94 < 95',
      'blog post seo 92 < 95',
    ]);
  });
});

describe('median', () => {
  it('takes the middle run, the lower one of an even count', () => {
    expect(median([93, 88, 90])).toBe(90);
    expect(median([93, 88, 90, 91])).toBe(90);
    expect(() => median([])).toThrow();
  });
});

describe('judgeRoute', () => {
  const reference = { reqPerSec: 8000, p99Ms: 20, non2xx: 0, errors: 0 };

  it('passes a route at 60% of the reference with p99 at twice the reference', () => {
    const route = { reqPerSec: 4800, p99Ms: 40, non2xx: 0, errors: 0 };
    expect(judgeRoute('GET /api/user-lesson', route, reference, ROUTE_LOAD_BUDGET)).toEqual([]);
  });

  it('names each miss with the reference it was judged against', () => {
    const route = { reqPerSec: 4000, p99Ms: 41, non2xx: 0, errors: 0 };
    expect(judgeRoute('GET /api/user-lesson', route, reference, ROUTE_LOAD_BUDGET)).toEqual([
      "GET /api/user-lesson: 50% of the reference's req/s (budget ≥ 60%)",
      "GET /api/user-lesson: p99 41 ms > 40 ms (2× the reference's 20 ms)",
    ]);
  });

  it('misses when the route answered nothing', () => {
    const route = { reqPerSec: 0, p99Ms: 0, non2xx: 0, errors: 0 };
    expect(judgeRoute('r', route, reference, ROUTE_LOAD_BUDGET)).toHaveLength(1);
  });
});

describe('judgeErrors', () => {
  it('allows no error and no non-2xx answer', () => {
    expect(judgeErrors('r', { reqPerSec: 1, p99Ms: 1, non2xx: 0, errors: 0 })).toEqual([]);
    expect(judgeErrors('r', { reqPerSec: 1, p99Ms: 1, non2xx: 2, errors: 1 })).toEqual([
      'r: 2 non-2xx answers',
      'r: 1 errors or timeouts',
    ]);
  });
});

describe('judgeDuration', () => {
  it('holds a duration to a multiple of the reference of the same run', () => {
    expect(judgeDuration('backup', 4000, 1000, 4)).toEqual([]);
    expect(judgeDuration('backup', 4100, 1000, 4)).toEqual([
      "backup 4.1 s > 4.0 s (4× the reference's 1.0 s)",
    ]);
    expect(judgeDuration('enqueue', undefined, 1000, 4)).toEqual([
      "enqueue did not finish > 4.0 s (4× the reference's 1.0 s)",
    ]);
  });
});
