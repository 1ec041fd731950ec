import { describe, expect, it } from 'vitest';
import type { SimQuestion } from './api';
import { buildSimAnswers } from './sim-answers';

const scale = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'].map(
  (value, index) => ({ value, point: index + 1 }),
);
const question = (id: string): SimQuestion => ({
  _id: id,
  question: `Statement ${id}`,
  question_type: 'radio',
  options: scale,
});

describe('buildSimAnswers', () => {
  it('sends the chosen option points in question order', () => {
    const result = buildSimAnswers([question('a'), question('b')], { b: 0, a: 4 });
    expect(result).toEqual({
      ok: true,
      body: {
        answers: [
          { question_id: 'a', value: 5 },
          { question_id: 'b', value: 1 },
        ],
      },
    });
  });

  it('lists every unanswered question, first one first', () => {
    const result = buildSimAnswers([question('a'), question('b'), question('c')], { b: 2 });
    expect(result).toEqual({ ok: false, unanswered: ['a', 'c'] });
  });

  it('treats a choice outside the options as unanswered', () => {
    expect(buildSimAnswers([question('a')], { a: 7 })).toEqual({ ok: false, unanswered: ['a'] });
  });
});
