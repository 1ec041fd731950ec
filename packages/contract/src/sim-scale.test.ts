import { describe, expect, it } from 'vitest';
import { SIM_MAX_SCORE, SIM_SCORE_BANDS, simScoreBand } from './sim-scale';

describe('simScoreBand', () => {
  it.each([
    [0, 'strong'],
    [50, 'strong'],
    [74, 'strong'],
    [75, 'moderate'],
    [99, 'moderate'],
    [124, 'moderate'],
    [125, 'loosening'],
    [199, 'loosening'],
    [200, 'light'],
    [SIM_MAX_SCORE, 'light'],
  ])('%i → %s', (score, band) => {
    expect(simScoreBand(score)).toBe(band);
  });

  it('orders the bands from the strongest hold to the lightest, inside the scale', () => {
    const mins = SIM_SCORE_BANDS.map((band) => band.min);
    expect(mins).toEqual([...mins].sort((a, b) => a - b));
    expect(mins[0]).toBe(0);
    expect(mins.every((min) => min <= SIM_MAX_SCORE)).toBe(true);
  });
});
