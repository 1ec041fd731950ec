import { describe, expect, it } from 'vitest';
import { buildSimAnswers, type SimStatement } from './sim-answers';

const scale = [1, 2, 3, 4, 5].map((point) => ({ point }));
const question = (id: string): SimStatement => ({ _id: id, options: scale });

describe('buildSimAnswers', () => {
  const questions = [question('q1'), question('q2'), question('q3')];

  it("sends each chosen option's point for the server to score, in question order", () => {
    expect(buildSimAnswers(questions, { q3: 0, q1: 4, q2: 2 })).toEqual({
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
    expect(buildSimAnswers(questions, { q2: 1 })).toEqual({
      ok: false,
      unanswered: ['q1', 'q3'],
    });
  });

  it('treats a choice that is not one of the options as unanswered', () => {
    expect(buildSimAnswers([question('q1')], { q1: 9 })).toEqual({
      ok: false,
      unanswered: ['q1'],
    });
  });
});
