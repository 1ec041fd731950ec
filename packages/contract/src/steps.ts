// The user's roadmap step (API.md "Steps", spec §4 "User step"). The server owns the step: it moves
// it when a test is scored or a lesson is viewed. These pure rules are the only place the
// transitions are written down, so the services and the client guard cannot disagree.

/** What each step value means. Steps above 4 are allowed ("0 to 4 and up") and behave like 4. */
export const Step = {
  FIRST_TEST_PENDING: 0,
  WATCHING_FREE_LESSONS: 1,
  SECOND_TEST_PENDING: 2,
  /** From here the score video and the upgrade action are unlocked (spec §6). */
  SCORE_VIDEO_UNLOCKED: 3,
  SCORE_EXPLAINED: 4,
} as const;

/** Which lesson was just viewed, as far as the step machine cares. */
export type ViewedLessonKind = 'last_free' | 'score_explanation' | 'last_premium' | 'other';

function assertStep(step: number): void {
  if (!Number.isSafeInteger(step) || step < 0) {
    throw new RangeError(`step must be a non-negative integer, got ${step}`);
  }
}

/** Only a user with a test pending may open or submit the SIM test (spec §2, §6). */
export function canTakeTest(step: number): boolean {
  assertStep(step);
  return step === Step.FIRST_TEST_PENDING || step === Step.SECOND_TEST_PENDING;
}

/**
 * The step after a scored test: 0 → 1, 2 → 3. Any other step has no test pending, so the
 * submission is refused (`null`; the API answers 403).
 */
export function stepAfterTest(step: number): number | null {
  assertStep(step);
  if (step === Step.FIRST_TEST_PENDING) return Step.WATCHING_FREE_LESSONS;
  if (step === Step.SECOND_TEST_PENDING) return Step.SCORE_VIDEO_UNLOCKED;
  return null;
}

/**
 * The step after a lesson is viewed:
 * - last free lesson at step 1 → 2 (the second test is due);
 * - score-explanation lesson at step 3 → 4 (at 4 and above nothing changes);
 * - last premium lesson → 2, so the user retakes the test after the programme. A user still at
 *   step 0 stays at 0: the first test is still owed, and jumping to 2 would skip it;
 * - anything else leaves the step alone. Re-watching never moves the step twice because each
 *   rule only fires from its one source step (or lands on 2 again).
 */
export function stepAfterLessonViewed(input: { step: number; lesson: ViewedLessonKind }): number {
  const { step, lesson } = input;
  assertStep(step);
  switch (lesson) {
    case 'last_free':
      return step === Step.WATCHING_FREE_LESSONS ? Step.SECOND_TEST_PENDING : step;
    case 'score_explanation':
      return step === Step.SCORE_VIDEO_UNLOCKED ? Step.SCORE_EXPLAINED : step;
    case 'last_premium':
      return step === Step.FIRST_TEST_PENDING ? step : Step.SECOND_TEST_PENDING;
    case 'other':
      return step;
  }
}

/**
 * Buying the premium plan never lowers the step: a user who already passed a test keeps that
 * progress, and premium lessons move the step on their own (`stepAfterLessonViewed`).
 */
export function stepAfterPremiumPurchase(step: number): number {
  assertStep(step);
  return step;
}

/**
 * What a client may send with `PUT /user/profile {step}` (anything else is 403): only the step the
 * user is already on. The server itself applies every transition of API.md "Steps" when a test is
 * scored or a lesson is viewed; the spec's client then echoes the step it computed, which must
 * succeed as a no-op. Accepting any move here would let a client skip the SIM test or unlock the
 * score video without watching (docs/decisions: client step requests).
 */
export function isAllowedClientStepTransition(from: number, to: number): boolean {
  assertStep(from);
  return Number.isSafeInteger(to) && to >= 0 && to === from;
}
