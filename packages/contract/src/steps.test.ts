import { describe, expect, it } from 'vitest';
import {
  canTakeTest,
  isAllowedClientStepTransition,
  stepAfterLessonViewed,
  stepAfterPremiumPurchase,
  stepAfterTest,
  type ViewedLessonKind,
} from './steps';
import { profileStepRequestSchema } from './step-schema';

describe('canTakeTest', () => {
  it.each([
    [0, true],
    [1, false],
    [2, true],
    [3, false],
    [4, false],
    [7, false],
  ])('step %i → %s', (step, expected) => {
    expect(canTakeTest(step)).toBe(expected);
  });
});

describe('stepAfterTest', () => {
  it.each<[number, number | null]>([
    [0, 1],
    [1, null],
    [2, 3],
    [3, null],
    [4, null],
    [5, null],
  ])('step %i → %s', (step, expected) => {
    expect(stepAfterTest(step)).toBe(expected);
  });
});

describe('stepAfterLessonViewed', () => {
  it.each<[ViewedLessonKind, number, number]>([
    ['last_free', 0, 0],
    ['last_free', 1, 2],
    ['last_free', 2, 2],
    ['last_free', 3, 3],
    ['last_free', 4, 4],
    ['score_explanation', 1, 1],
    ['score_explanation', 2, 2],
    ['score_explanation', 3, 4],
    ['score_explanation', 4, 4],
    ['score_explanation', 5, 5],
    ['last_premium', 0, 0],
    ['last_premium', 1, 2],
    ['last_premium', 2, 2],
    ['last_premium', 3, 2],
    ['last_premium', 4, 2],
    ['other', 0, 0],
    ['other', 1, 1],
    ['other', 3, 3],
  ])('%s at step %i → %i', (lesson, step, expected) => {
    expect(stepAfterLessonViewed({ step, lesson })).toBe(expected);
  });
});

describe('stepAfterPremiumPurchase', () => {
  it.each([0, 1, 2, 3, 4])('keeps step %i', (step) => {
    expect(stepAfterPremiumPurchase(step)).toBe(step);
  });
});

describe('isAllowedClientStepTransition', () => {
  it.each<[number, number, boolean]>([
    // Echoing the current step is a no-op the spec's client relies on.
    [0, 0, true],
    [2, 2, true],
    [4, 4, true],
    // Every real move is made by the server (test scored, lesson viewed), never asked for.
    [0, 1, false],
    [1, 2, false],
    [2, 3, false],
    [3, 4, false],
    [4, 2, false],
    [0, 2, false],
    [4, 0, false],
    [1, -1, false],
    [1, 1.5, false],
  ])('%i → %i is %s', (from, to, expected) => {
    expect(isAllowedClientStepTransition(from, to)).toBe(expected);
  });
});

describe('step guards', () => {
  it.each([-1, 1.5, Number.NaN])('refuse a current step of %d', (step) => {
    expect(() => canTakeTest(step)).toThrow(RangeError);
    expect(() => stepAfterTest(step)).toThrow(RangeError);
    expect(() => stepAfterLessonViewed({ step, lesson: 'other' })).toThrow(RangeError);
    expect(() => isAllowedClientStepTransition(step, 1)).toThrow(RangeError);
  });
});

describe('profileStepRequestSchema', () => {
  it.each<[unknown, boolean]>([
    [{ step: 2 }, true],
    [{ step: 0 }, true],
    [{ step: -1 }, false],
    [{ step: 1.5 }, false],
    [{ step: '2' }, false],
    [{}, false],
  ])('%j → valid %s', (body, valid) => {
    expect(profileStepRequestSchema.safeParse(body).success).toBe(valid);
  });

  it('answers a bad step with the generic text', () => {
    expect(profileStepRequestSchema.safeParse({ step: 'x' }).error?.issues[0]?.message).toBe(
      'Please Check Inputs',
    );
  });
});
