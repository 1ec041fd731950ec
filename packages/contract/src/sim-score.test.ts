import { describe, expect, it } from 'vitest';
import {
  SIM_MAX_SCORE,
  computeSimScore,
  mulberry32,
  randomIntInclusive,
  rawPoints,
  simAnswersRequestSchema,
  type Answer,
  type PreviousAttempt,
  type RandomSource,
  type ScorableQuestion,
} from './sim-score';

/** A random source that returns the given values in order and fails if asked for more. */
function sequence(...values: number[]): RandomSource {
  const queue = [...values];
  return () => {
    const next = queue.shift();
    if (next === undefined) throw new Error('random source called more often than expected');
    return next;
  };
}

const neverCalled: RandomSource = () => {
  throw new Error('random source must not be called');
};

describe('computeSimScore', () => {
  it('is out of 250', () => {
    expect(SIM_MAX_SCORE).toBe(250);
  });

  it.each<[string, number, PreviousAttempt | null | undefined, number]>([
    ['first attempt below the cap', 40, undefined, 40],
    ['first attempt of 0 points', 0, undefined, 0],
    ['first attempt at the cap', 99, undefined, 99],
    ['first attempt above the cap', 100, undefined, 99],
    ['first attempt far above the cap', 250, null, 99],
    ['same raw as before keeps the previous score', 120, { raw: 120, score: 180 }, 180],
    ['same raw keeps even a capped first score', 150, { raw: 150, score: 99 }, 99],
    ['nothing above 250: stays 250', 10, { raw: 200, score: 250 }, 250],
  ])('%s', (_name, raw, previous, expected) => {
    expect(computeSimScore({ raw, previous }, neverCalled)).toBe(expected);
  });

  it.each<[string, PreviousAttempt, number[], number]>([
    ['lowest draw above a high previous score', { raw: 80, score: 150 }, [0], 151],
    ['highest draw is 250', { raw: 80, score: 150 }, [0.999999], 250],
    ['fewer raw points still score higher', { raw: 200, score: 220 }, [0], 221],
    ['previous 100: the lowest draw 101 stands', { raw: 80, score: 100 }, [0], 101],
    ['previous 249: the only value is 250', { raw: 80, score: 249 }, [0.5], 250],
    [
      'unknown previous raw (landing test) never counts as the same',
      { raw: null, score: 99 },
      [0.5],
      175,
    ],
    ['draw 51 is ≤ 100, lifted to the lowest of [101, 249]', { raw: 30, score: 50 }, [0, 0], 101],
    [
      'draw 51 is ≤ 100, lifted to the highest of [101, 249]',
      { raw: 30, score: 50 },
      [0, 0.999999],
      249,
    ],
    ['draw exactly 100 is lifted', { raw: 30, score: 99 }, [0, 0.5], 175],
    ['draw 101 above a low previous score is kept', { raw: 30, score: 50 }, [0.25], 101],
    ['draw 250 above a low previous score is kept', { raw: 30, score: 50 }, [0.999999], 250],
  ])('%s', (_name, previous, draws, expected) => {
    expect(computeSimScore({ raw: 40, previous }, sequence(...draws))).toBe(expected);
  });

  it('always lands above the previous score, above 100 and at most 250 after a change', () => {
    const random = mulberry32(2026);
    for (let previousScore = 0; previousScore < SIM_MAX_SCORE; previousScore += 1) {
      for (let trial = 0; trial < 20; trial += 1) {
        const score = computeSimScore(
          { raw: 1, previous: { raw: 2, score: previousScore } },
          random,
        );
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThan(Math.max(previousScore, 100));
        expect(score).toBeLessThanOrEqual(SIM_MAX_SCORE);
      }
    }
  });

  it('is reproducible from a seed', () => {
    const run = () => {
      const random = mulberry32(7);
      return [10, 20, 30].map((score) =>
        computeSimScore({ raw: 1, previous: { raw: 0, score } }, random),
      );
    };
    expect(run()).toEqual(run());
  });

  it.each<[string, number, PreviousAttempt | undefined]>([
    ['a negative raw', -1, undefined],
    ['a fractional raw', 1.5, undefined],
    ['a previous score above 250', 10, { raw: 1, score: 251 }],
    ['a negative previous score', 10, { raw: 1, score: -1 }],
    ['a fractional previous raw', 10, { raw: 1.5, score: 20 }],
  ])('refuses %s', (_name, raw, previous) => {
    expect(() => computeSimScore({ raw, previous }, neverCalled)).toThrow(RangeError);
  });

  it('refuses a random source outside [0, 1)', () => {
    expect(() => computeSimScore({ raw: 1, previous: { raw: 2, score: 10 } }, sequence(1))).toThrow(
      RangeError,
    );
  });
});

describe('mulberry32', () => {
  it('pins its first outputs, so a logged seed reproduces a score after upgrades', () => {
    const random = mulberry32(42);
    expect([random(), random(), random()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
  });

  it('gives different sequences for different seeds', () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });

  it('stays in [0, 1)', () => {
    const random = mulberry32(123);
    for (let i = 0; i < 10_000; i += 1) {
      const value = random();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('randomIntInclusive', () => {
  it.each([
    [101, 249, 0, 101],
    [101, 249, 0.999999, 249],
    [5, 5, 0.7, 5],
    [0, 9, 0.5, 5],
  ])('in [%i, %i] with draw %d gives %i', (min, max, draw, expected) => {
    expect(randomIntInclusive(min, max, sequence(draw))).toBe(expected);
  });

  it.each([
    [10, 9],
    [0.5, 3],
    [0, Number.POSITIVE_INFINITY],
  ])('refuses the range [%d, %d]', (min, max) => {
    expect(() => randomIntInclusive(min, max, sequence(0))).toThrow(RangeError);
  });
});

describe('rawPoints', () => {
  const scale = [1, 2, 3, 4, 5].map((point) => ({ value: `option ${point}`, point }));
  const questions: ScorableQuestion[] = [
    { _id: 'q1', question_type: 'radio', options: scale },
    { _id: 'q2', question_type: 'radio', options: scale },
    {
      _id: 'q3',
      question_type: 'checkbox',
      options: [
        { value: 'a', point: 1 },
        { value: 'b', point: 2 },
        { value: 'c', point: 4 },
      ],
    },
    { _id: 'q4', question_type: 'textarea', options: [] },
  ];
  const valid: Answer[] = [
    { question_id: 'q1', value: 5 },
    { question_id: 'q2', value: 2 },
    { question_id: 'q3', value: [1, 4] },
    { question_id: 'q4', value: 'Stress at work' },
  ];

  it('sums the chosen points (radio point, checkbox points, text scores 0)', () => {
    expect(rawPoints(questions, valid)).toEqual({ ok: true, raw: 12 });
  });

  it('does not depend on answer order', () => {
    expect(rawPoints(questions, [...valid].reverse())).toEqual({ ok: true, raw: 12 });
  });

  it('scores a full 50-statement five-point test up to 250', () => {
    const test: ScorableQuestion[] = Array.from({ length: 50 }, (_, i) => ({
      _id: `s${i}`,
      question_type: 'radio',
      options: scale,
    }));
    const allFive = test.map((q) => ({ question_id: q._id, value: 5 }));
    expect(rawPoints(test, allFive)).toEqual({ ok: true, raw: 250 });
  });

  const replace = (id: string, value: Answer['value']) =>
    valid.map((answer) => (answer.question_id === id ? { question_id: id, value } : answer));

  it.each<[string, Answer[], string, string]>([
    ['an unknown question', [...valid, { question_id: 'q9', value: 1 }], 'unknown_question', 'q9'],
    [
      'a second answer to one question',
      [...valid, { question_id: 'q2', value: 3 }],
      'duplicate_answer',
      'q2',
    ],
    ['a missing answer', valid.filter((a) => a.question_id !== 'q2'), 'unanswered_question', 'q2'],
    ['a radio point not among the options', replace('q1', 6), 'invalid_value', 'q1'],
    ['a radio answer given as the option label', replace('q1', 'option 5'), 'invalid_value', 'q1'],
    ['a radio answer given as a list', replace('q1', [5]), 'invalid_value', 'q1'],
    ['a checkbox point not among the options', replace('q3', [1, 3]), 'invalid_value', 'q3'],
    ['a checkbox option chosen twice', replace('q3', [4, 4]), 'invalid_value', 'q3'],
    ['an empty checkbox answer', replace('q3', []), 'invalid_value', 'q3'],
    ['a blank text answer', replace('q4', '   '), 'invalid_value', 'q4'],
    ['a number as a text answer', replace('q4', 3), 'invalid_value', 'q4'],
  ])('refuses %s', (_name, answers, reason, questionId) => {
    expect(rawPoints(questions, answers)).toEqual({ ok: false, reason, questionId });
  });
});

describe('simAnswersRequestSchema', () => {
  it('drops a client-computed total_points', () => {
    expect(
      simAnswersRequestSchema.parse({
        answers: [{ question_id: 'q1', value: 3 }],
        total_points: 250,
      }),
    ).toEqual({ answers: [{ question_id: 'q1', value: 3 }] });
  });

  it('asks for answers when none are sent', () => {
    const result = simAnswersRequestSchema.safeParse({ answers: [] });
    expect(result.error?.issues[0]?.message).toBe('Please answer all questions');
  });
});
