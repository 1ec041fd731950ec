import { describe, expect, it } from 'vitest';
import { countUpValue } from './count-up';

describe('countUpValue', () => {
  it('starts at zero and lands exactly on the figure', () => {
    expect(countUpValue(125000, 0, 1000)).toBe(0);
    expect(countUpValue(125000, 1000, 1000)).toBe(125000);
    expect(countUpValue(125000, 5000, 1000)).toBe(125000);
  });

  it('only ever climbs, and never past the figure', () => {
    let previous = 0;
    for (let ms = 0; ms <= 1000; ms += 16) {
      const value = countUpValue(48000, ms, 1000);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(48000);
      previous = value;
    }
  });

  it('shows the figure at once when there is no animation time', () => {
    expect(countUpValue(7, 0, 0)).toBe(7);
  });
});
