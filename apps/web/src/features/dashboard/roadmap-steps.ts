// The free user's roadmap (spec §2 "Dashboard", §4 "User step", §6). Which steps are done follows
// from the step the server keeps; this file only maps that number to what each row shows.

export type RoadmapStepId =
  'takeTest' | 'watchFree' | 'simTest2' | 'scoreVideo' | 'allVideos' | 'liveSession';

export type RoadmapState = 'done' | 'current' | 'upcoming' | 'paid';

export interface RoadmapStep {
  id: RoadmapStepId;
  state: RoadmapState;
}

/** The free steps in order; each is finished when the user's step passes its index. */
const FREE_STEPS: readonly RoadmapStepId[] = ['takeTest', 'watchFree', 'simTest2', 'scoreVideo'];
/** Paid steps (spec §6): shown locked and faded to free users. */
const PAID_STEPS: readonly RoadmapStepId[] = ['allVideos', 'liveSession'];

/** Spec §6: the upgrade action and the score video open from step 3. */
export const SCORE_VIDEO_STEP = 3;

export function roadmapSteps(step: number): RoadmapStep[] {
  const free = FREE_STEPS.map((id, index): RoadmapStep => ({
    id,
    state: step > index ? 'done' : step === index ? 'current' : 'upcoming',
  }));
  return [...free, ...PAID_STEPS.map((id): RoadmapStep => ({ id, state: 'paid' }))];
}

export function upgradeUnlocked(step: number): boolean {
  return step >= SCORE_VIDEO_STEP;
}
