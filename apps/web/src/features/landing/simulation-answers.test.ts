import { describe, expect, it } from 'vitest';
import type { LandingQuestion } from './api';
import { buildLandingAnswers, pageCount, pageOf, pageRange } from './simulation-answers';

const scale = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'].map(
  (value, index) => ({ value, point: index + 1 }),
);
const question = (id: string): LandingQuestion => ({
  _id: id,
  question: `Statement ${id}`,
  question_type: 'radio',
  options: scale,
});

describe('buildLandingAnswers', () => {
  const questions = [question('q1'), question('q2'), question('q3')];

  it("sends each chosen option's point for the server to score, in question order", () => {
    expect(buildLandingAnswers(questions, { q3: 0, q1: 4, q2: 2 })).toEqual({
      ok: true,
      body: {
        answers: [
          { question_id: 'q1', value: 5 },
          { question_id: 'q2', value: 3 },
          { question_id: 'q3', value: 1 },
        ],
      },
    });
  });

  it('lists every unanswered statement in order, and sends nothing then', () => {
    expect(buildLandingAnswers(questions, { q2: 1 })).toEqual({
      ok: false,
      unanswered: ['q1', 'q3'],
    });
  });

  it('treats a choice that is not one of the options as unanswered', () => {
    expect(buildLandingAnswers([question('q1')], { q1: 9 })).toEqual({
      ok: false,
      unanswered: ['q1'],
    });
  });
});

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
