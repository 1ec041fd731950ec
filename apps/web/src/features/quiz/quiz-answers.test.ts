import type { Quiz } from '@exhale/contract/content';
import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  isQuizComplete,
  quizProgress,
  quizSubmission,
  type QuizAnswer,
} from './quiz-answers';

const quiz = (id: string, questions: number): Quiz => ({
  _id: id,
  title: id,
  description: null,
  questions: Array.from({ length: questions }, (_, i) => ({
    _id: `${id}-q${i}`,
    question: `Question ${i}`,
    options: [
      { _id: `${id}-q${i}-a`, option: 'A' },
      { _id: `${id}-q${i}-b`, option: 'B' },
    ],
  })),
});

const answer = (quizId: string, i: number, option = 'a'): QuizAnswer => ({
  quiz_id: quizId,
  questionId: `${quizId}-q${i}`,
  optionId: `${quizId}-q${i}-${option}`,
  questionIndex: i,
});

const quizzes = [quiz('one', 4), quiz('two', 3)];

describe('chooseOption', () => {
  it('replaces the earlier choice for the same question', () => {
    const first = chooseOption([], answer('one', 0, 'a'));
    const second = chooseOption(first, answer('one', 0, 'b'));
    expect(second).toEqual([answer('one', 0, 'b')]);
    expect(chooseOption(second, answer('one', 1))).toHaveLength(2);
  });
});

describe('isQuizComplete', () => {
  it('needs every question of the quiz answered', () => {
    const some = [answer('one', 0), answer('one', 1), answer('one', 2)];
    expect(isQuizComplete(quizzes[0]!, some)).toBe(false);
    expect(isQuizComplete(quizzes[0]!, [...some, answer('one', 3)])).toBe(true);
  });
});

describe('quizProgress', () => {
  // quizzes: 'one' with 4 questions and 'two' with 3, so 7 in the set.
  it('is the answered share over every question of the set, rounded', () => {
    expect(quizProgress(quizzes, [])).toBe(0);
    expect(quizProgress(quizzes, [answer('one', 0)])).toBe(14);
    expect(quizProgress([quiz('x', 3)], [answer('x', 0)])).toBe(33);
  });

  it('does not reach 100 when only the first quiz is answered (decision 048)', () => {
    const first = [0, 1, 2, 3].map((i) => answer('one', i));
    expect(quizProgress(quizzes, first)).toBe(57);
    const all = [...first, answer('two', 0), answer('two', 1), answer('two', 2)];
    expect(quizProgress(quizzes, all)).toBe(100);
  });

  it('is 0 without questions', () => {
    expect(quizProgress([], [])).toBe(0);
    expect(quizProgress([quiz('empty', 0)], [])).toBe(0);
  });
});

describe('quizSubmission', () => {
  it('lists every quiz with its answers in question order', () => {
    const answers = [answer('two', 1, 'b'), answer('one', 0), answer('two', 0)];
    const user = { name: 'Asha', email: 'asha@example.com', mobile_no: '9876543210' };
    expect(quizSubmission('set-1', user, quizzes, answers)).toEqual({
      quiz_id: 'set-1',
      user,
      quiz: [
        { _id: 'one', answers: [{ question: 'one-q0', answer: 'one-q0-a' }] },
        {
          _id: 'two',
          answers: [
            { question: 'two-q0', answer: 'two-q0-a' },
            { question: 'two-q1', answer: 'two-q1-b' },
          ],
        },
      ],
    });
  });
});
