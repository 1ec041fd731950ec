import { describe, expect, it } from 'vitest';
import { roadmapSteps, upgradeUnlocked } from './roadmap-steps';

const states = (step: number) => roadmapSteps(step).map((s) => `${s.id}:${s.state}`);

describe('roadmapSteps', () => {
  it('starts with the test to take and the paid steps locked', () => {
    expect(states(0)).toEqual([
      'takeTest:current',
      'watchFree:upcoming',
      'simTest2:upcoming',
      'scoreVideo:upcoming',
      'allVideos:paid',
      'liveSession:paid',
    ]);
  });

  it('moves on with the step the server keeps', () => {
    expect(states(2).slice(0, 4)).toEqual([
      'takeTest:done',
      'watchFree:done',
      'simTest2:current',
      'scoreVideo:upcoming',
    ]);
    expect(
      states(4)
        .slice(0, 4)
        .every((s) => s.endsWith(':done')),
    ).toBe(true);
  });

  it('unlocks the upgrade and the score video from step 3', () => {
    expect(upgradeUnlocked(2)).toBe(false);
    expect(upgradeUnlocked(3)).toBe(true);
  });
});
