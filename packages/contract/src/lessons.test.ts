import { describe, expect, it } from 'vitest';
import {
  canOpenDay,
  dayOpenTimes,
  lessonUpdatesAfterView,
  pendingUnlocks,
  sortLessons,
  type LessonRow,
  type LessonStatus,
  type LessonStatusUpdate,
  type LessonViewResult,
} from './lessons';

/** Rows from a compact spec: [id, day, video_order, status]. */
const rows = (...specs: [string, number, number, LessonStatus][]): LessonRow[] =>
  specs.map(([id, day, video_order, status]) => ({ id, day, video_order, status }));

// Day 1 has two lessons, day 2 has two; the user is on the second lesson of day 1.
const programme = rows(
  ['d1a', 1, 1, 'completed'],
  ['d1b', 1, 2, 'active'],
  ['d2a', 2, 1, 'inactive'],
  ['d2b', 2, 2, 'inactive'],
);

describe('dayOpenTimes', () => {
  it('opens each day at midnight IST, day 1 on the purchase date', () => {
    // 2026-11-25 18:00 UTC is 23:30 IST on the 25th: day 2 of a purchase made on the 24th (IST).
    const now = new Date('2026-11-25T18:00:00Z');
    expect(dayOpenTimes(4, 2, now)).toEqual([
      '2026-11-23T18:30:00.000Z', // 24 Nov 00:00 IST
      '2026-11-24T18:30:00.000Z',
      '2026-11-25T18:30:00.000Z', // 26 Nov 00:00 IST: half an hour from now
      '2026-11-26T18:30:00.000Z',
    ]);
  });

  it('is empty for a programme without days', () => {
    expect(dayOpenTimes(0, 1, new Date())).toEqual([]);
  });
});

describe('canOpenDay', () => {
  it.each([
    [1, 1, true],
    [1, 3, true],
    [3, 3, true],
    [4, 3, false],
    [0, 3, false],
    [-1, 3, false],
    [1.5, 3, false],
  ])('day %d with current_day %i → %s', (day, currentDay, expected) => {
    expect(canOpenDay(day, currentDay)).toBe(expected);
  });
});

describe('sortLessons', () => {
  it('orders by day, then video_order, then id, without touching the input', () => {
    const shuffled = rows(
      ['b', 2, 1, 'inactive'],
      ['z', 1, 2, 'active'],
      ['a', 1, 2, 'active'],
      ['c', 1, 1, 'completed'],
    );
    expect(sortLessons(shuffled).map((r) => r.id)).toEqual(['c', 'a', 'z', 'b']);
    expect(shuffled.map((r) => r.id)).toEqual(['b', 'z', 'a', 'c']);
  });
});

describe('lessonUpdatesAfterView', () => {
  it.each<[string, LessonRow[], string, number | null, LessonViewResult]>([
    [
      'completes the lesson and opens the next one on the same day',
      rows(['a', 1, 1, 'active'], ['b', 1, 2, 'inactive']),
      'a',
      1,
      {
        ok: true,
        updates: [
          { id: 'a', status: 'completed' },
          { id: 'b', status: 'active' },
        ],
      },
    ],
    [
      'keeps the next day locked while current_day has not reached it',
      programme,
      'd1b',
      1,
      { ok: true, updates: [{ id: 'd1b', status: 'completed' }] },
    ],
    [
      'opens the next day once current_day has reached it',
      programme,
      'd1b',
      2,
      {
        ok: true,
        updates: [
          { id: 'd1b', status: 'completed' },
          { id: 'd2a', status: 'active' },
        ],
      },
    ],
    [
      'applies no day limit without a programme day (free users)',
      programme,
      'd1b',
      null,
      {
        ok: true,
        updates: [
          { id: 'd1b', status: 'completed' },
          { id: 'd2a', status: 'active' },
        ],
      },
    ],
    [
      'changes nothing when re-watching a completed lesson whose next is open',
      programme,
      'd1a',
      1,
      { ok: true, updates: [] },
    ],
    [
      'hands out an unlock a re-watched lesson was owed',
      rows(['a', 1, 1, 'completed'], ['b', 2, 1, 'inactive']),
      'a',
      2,
      { ok: true, updates: [{ id: 'b', status: 'active' }] },
    ],
    [
      'only completes the last lesson',
      rows(['a', 1, 1, 'completed'], ['b', 1, 2, 'active']),
      'b',
      1,
      { ok: true, updates: [{ id: 'b', status: 'completed' }] },
    ],
    [
      'follows (day, video_order), not the order of the input',
      rows(['late', 1, 3, 'inactive'], ['first', 1, 1, 'active'], ['second', 1, 2, 'inactive']),
      'first',
      1,
      {
        ok: true,
        updates: [
          { id: 'first', status: 'completed' },
          { id: 'second', status: 'active' },
        ],
      },
    ],
    ['refuses a locked lesson', programme, 'd2a', 2, { ok: false, reason: 'locked' }],
    [
      'refuses an active lesson of a day not yet open',
      rows(['a', 3, 1, 'active']),
      'a',
      2,
      { ok: false, reason: 'locked' },
    ],
    ['refuses an unknown lesson', programme, 'nope', 1, { ok: false, reason: 'not_found' }],
  ])('%s', (_name, lessons, viewedId, currentDay, expected) => {
    expect(lessonUpdatesAfterView(lessons, viewedId, currentDay)).toEqual(expected);
  });
});

describe('pendingUnlocks', () => {
  it.each<[string, LessonRow[], number | null, LessonStatusUpdate[]]>([
    [
      'opens the first lesson of a fresh list',
      rows(['a', 1, 1, 'inactive'], ['b', 1, 2, 'inactive']),
      1,
      [{ id: 'a', status: 'active' }],
    ],
    [
      'opens the next day on its day',
      rows(['a', 1, 1, 'completed'], ['b', 2, 1, 'inactive']),
      2,
      [{ id: 'b', status: 'active' }],
    ],
    ['waits for the next day', rows(['a', 1, 1, 'completed'], ['b', 2, 1, 'inactive']), 1, []],
    [
      'opens the first paid lesson after the free ones are done',
      rows(['free1', 0, 1, 'completed'], ['free2', 0, 2, 'completed'], ['paid1', 1, 1, 'inactive']),
      1,
      [{ id: 'paid1', status: 'active' }],
    ],
    ['leaves an already active lesson alone', programme, 2, []],
    ['has nothing to do when all are completed', rows(['a', 1, 1, 'completed']), 1, []],
    ['has nothing to do for an empty list', [], 1, []],
  ])('%s', (_name, lessons, currentDay, expected) => {
    expect(pendingUnlocks(lessons, currentDay)).toEqual(expected);
  });
});
