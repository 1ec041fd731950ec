import { describe, expect, it } from 'vitest';
import {
  DEPENDENCE_QUESTIONS,
  FTND_QUESTIONS,
  FTND_ST_QUESTIONS,
  dependenceLevel,
  scoreDependenceTest,
  type DependenceAnswer,
} from './dependence-test';

const points = (questions: typeof FTND_QUESTIONS) =>
  questions.map((q) => [q._id, q.options.map((o) => [o.value, o.point])]);

describe('FTND (Heatherton et al. 1991)', () => {
  it('has the six published items with their published points', () => {
    expect(points(FTND_QUESTIONS)).toEqual([
      [
        'ftnd_1', // time to first cigarette
        [
          ['Within 5 minutes', 3],
          ['6–30 minutes', 2],
          ['31–60 minutes', 1],
          ['After 60 minutes', 0],
        ],
      ],
      [
        'ftnd_2',
        [
          ['Yes', 1],
          ['No', 0],
        ],
      ], // difficult to refrain where forbidden
      [
        'ftnd_3',
        [
          ['The first one in the morning', 1],
          ['All others', 0],
        ],
      ], // hate most to give up
      [
        'ftnd_4', // cigarettes per day
        [
          ['10 or less', 0],
          ['11–20', 1],
          ['21–30', 2],
          ['31 or more', 3],
        ],
      ],
      [
        'ftnd_5',
        [
          ['Yes', 1],
          ['No', 0],
        ],
      ], // more in the first hours after waking
      [
        'ftnd_6',
        [
          ['Yes', 1],
          ['No', 0],
        ],
      ], // smokes when ill in bed
    ]);
  });
});

describe('FTND-ST (Ebbert et al. 2006)', () => {
  it('has the six published items with their published points', () => {
    expect(points(FTND_ST_QUESTIONS)).toEqual([
      [
        'ftnd_st_1', // time to first dip
        [
          ['Within 5 minutes', 3],
          ['6–30 minutes', 2],
          ['31–60 minutes', 1],
          ['After 60 minutes', 0],
        ],
      ],
      [
        'ftnd_st_2',
        [
          ['Always', 2],
          ['Sometimes', 1],
          ['Never', 0],
        ],
      ], // swallows juice
      [
        'ftnd_st_3',
        [
          ['The first one in the morning', 1],
          ['Any other', 0],
        ],
      ],
      [
        'ftnd_st_4',
        [
          ['More than 3', 2],
          ['2–3', 1],
          ['1', 0],
        ],
      ], // cans or pouches a week
      [
        'ftnd_st_5',
        [
          ['Yes', 1],
          ['No', 0],
        ],
      ],
      [
        'ftnd_st_6',
        [
          ['Yes', 1],
          ['No', 0],
        ],
      ],
    ]);
  });
});

describe.each(['smoking', 'smokeless'] as const)('the %s test', (variant) => {
  const questions = DEPENDENCE_QUESTIONS[variant];
  const answersWith = (pick: (points: number[]) => number): DependenceAnswer[] =>
    questions.map((q) => ({ question_id: q._id, value: pick(q.options.map((o) => o.point)) }));

  it('scores 0 to 10', () => {
    expect(
      scoreDependenceTest(
        variant,
        answersWith((p) => Math.min(...p)),
      ),
    ).toEqual({
      ok: true,
      score: 0,
      level: 'very_low',
    });
    expect(
      scoreDependenceTest(
        variant,
        answersWith((p) => Math.max(...p)),
      ),
    ).toEqual({
      ok: true,
      score: 10,
      level: 'very_high',
    });
  });

  it('gives the same score for the same answers, in any order', () => {
    const answers = answersWith((p) => p[1]!);
    const first = scoreDependenceTest(variant, answers);
    expect(scoreDependenceTest(variant, [...answers].reverse())).toEqual(first);
    expect(scoreDependenceTest(variant, answers)).toEqual(first);
  });

  it('refuses a missing answer', () => {
    expect(scoreDependenceTest(variant, answersWith((p) => p[0]!).slice(1))).toEqual({
      ok: false,
      reason: 'unanswered',
      path: 'answers',
    });
  });

  it('refuses an unknown question, a repeated one and a point that is not a choice', () => {
    const answers = answersWith((p) => p[0]!);
    expect(
      scoreDependenceTest(variant, [...answers, { question_id: 'x', value: 0 }]),
    ).toMatchObject({
      ok: false,
      reason: 'unknown',
      path: `answers.${answers.length}.question_id`,
    });
    expect(scoreDependenceTest(variant, [...answers, answers[0]!])).toMatchObject({
      ok: false,
      reason: 'unknown',
    });
    const wrong = answers.map((a, i) => (i === 1 ? { ...a, value: 7 } : a));
    expect(scoreDependenceTest(variant, wrong)).toMatchObject({
      ok: false,
      reason: 'unknown',
      path: 'answers.1.value',
    });
  });
});

it('does not accept the other test’s questions', () => {
  const smokingAnswers = FTND_QUESTIONS.map((q) => ({ question_id: q._id, value: 0 }));
  expect(scoreDependenceTest('smokeless', smokingAnswers)).toMatchObject({ ok: false });
});

describe('dependenceLevel', () => {
  it.each([
    [0, 'very_low'],
    [2, 'very_low'],
    [3, 'low'],
    [4, 'low'],
    [5, 'medium'],
    [6, 'high'],
    [7, 'high'],
    [8, 'very_high'],
    [10, 'very_high'],
  ] as const)('%i is %s', (score, level) => {
    expect(dependenceLevel(score)).toBe(level);
  });

  it('refuses a score outside 0–10', () => {
    expect(() => dependenceLevel(11)).toThrow(RangeError);
    expect(() => dependenceLevel(-1)).toThrow(RangeError);
  });
});
