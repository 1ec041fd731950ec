import { describe, expect, it } from 'vitest';
import { pageCount, pageOf, pageRange } from './question-pages';

describe('paging', () => {
  it('splits 50 statements into 5 pages of 10', () => {
    expect(pageCount(50)).toBe(5);
    expect(pageCount(51)).toBe(6);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(0)).toBe(0);
    expect(pageOf(9)).toBe(0);
    expect(pageOf(10)).toBe(1);
    expect(pageOf(49)).toBe(4);
  });

  it('numbers the statements on a page', () => {
    expect(pageRange(0, 50)).toEqual({ from: 1, to: 10 });
    expect(pageRange(4, 50)).toEqual({ from: 41, to: 50 });
    expect(pageRange(1, 13)).toEqual({ from: 11, to: 13 });
  });
});
