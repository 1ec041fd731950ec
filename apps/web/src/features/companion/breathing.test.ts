import { describe, expect, it } from 'vitest';
import { BREATHING_CYCLES, BREATHING_PATTERNS, breathingState, cycleSeconds } from './breathing';

describe('breathingState', () => {
  const box = BREATHING_PATTERNS.box;
  const calm = BREATHING_PATTERNS['478'];

  it('counts each step down from its length to 1', () => {
    expect(breathingState(box, 0)).toEqual({ phase: box[0], count: 4, cyclesDone: 0 });
    expect(breathingState(box, 3)).toMatchObject({ count: 1, phase: { kind: 'inhale' } });
    expect(breathingState(box, 4)).toMatchObject({ count: 4, phase: { kind: 'hold' } });
    expect(breathingState(box, 8)).toMatchObject({ count: 4, phase: { kind: 'exhale' } });
    expect(breathingState(box, 12)).toMatchObject({ count: 4, phase: { kind: 'rest' } });
  });

  it('runs 4-7-8 as 4 s in, 7 s hold, 8 s out (19 s a round)', () => {
    expect(cycleSeconds(calm)).toBe(19);
    expect(breathingState(calm, 4)).toMatchObject({ count: 7, phase: { kind: 'hold' } });
    expect(breathingState(calm, 11)).toMatchObject({ count: 8, phase: { kind: 'exhale' } });
    expect(breathingState(calm, 18)).toMatchObject({ count: 1, phase: { kind: 'exhale' } });
    expect(breathingState(calm, 19)).toMatchObject({ cyclesDone: 1, phase: { kind: 'inhale' } });
  });

  it('counts finished rounds and stops after the last one', () => {
    expect(breathingState(box, 16).cyclesDone).toBe(1);
    const end = BREATHING_CYCLES * cycleSeconds(box);
    expect(breathingState(box, end - 1)).toMatchObject({ cyclesDone: BREATHING_CYCLES - 1 });
    expect(breathingState(box, end)).toEqual({
      phase: null,
      count: 0,
      cyclesDone: BREATHING_CYCLES,
    });
    expect(breathingState(box, end + 100).phase).toBeNull();
  });
});
