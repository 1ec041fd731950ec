import { describe, expect, it } from 'vitest';
import type { LessonStatus } from './lessons';
import {
  exerciseSubmitRequestSchema,
  nextSimEvent,
  questionQuerySchema,
  userLessonUpdateRequestSchema,
  userLessonsQuerySchema,
  validateExerciseAnswers,
  viewedLessonKind,
  type ExerciseAnswer,
  type ExerciseQuestion,
  type LessonType,
} from './programme';

describe('nextSimEvent', () => {
  it.each<[number, boolean, number]>([
    [0, false, 0],
    [0, true, 0],
    [1, false, 1],
    [2, false, 1],
    [1, true, 2],
    [3, true, 2],
  ])('after %i attempts (premium finished: %s) uses event %i', (attempts, finished, event) => {
    expect(nextSimEvent({ attempts, finishedPremium: finished })).toBe(event);
  });

  it.each([-1, 1.5])('refuses %d attempts', (attempts) => {
    expect(() => nextSimEvent({ attempts, finishedPremium: false })).toThrow(RangeError);
  });
});

describe('viewedLessonKind', () => {
  const row = (id: string, type: LessonType, day: number, order: number) => ({
    id,
    type,
    day,
    video_order: order,
    status: 'active' as LessonStatus,
  });
  const rows = [
    row('f1', 'free', 1, 1),
    row('f3', 'free', 1, 3),
    row('f2', 'free', 1, 2),
    row('s', 'score_explanation', 1, 4),
    row('p1', 'paid', 1, 1),
    row('p3', 'paid', 2, 1),
    row('p2', 'paid', 1, 2),
  ];

  it.each([
    ['f1', 'other'],
    ['f2', 'other'],
    ['f3', 'last_free'],
    ['s', 'score_explanation'],
    ['p1', 'other'],
    ['p2', 'other'],
    ['p3', 'last_premium'],
    ['missing', 'other'],
  ])('classifies %s as %s, whatever the input order', (id, kind) => {
    expect(viewedLessonKind(rows, id)).toBe(kind);
    expect(viewedLessonKind([...rows].reverse(), id)).toBe(kind);
  });

  it('orders by day before video_order', () => {
    const premium = [row('a', 'paid', 1, 9), row('b', 'paid', 2, 1)];
    expect(viewedLessonKind(premium, 'b')).toBe('last_premium');
    expect(viewedLessonKind(premium, 'a')).toBe('other');
  });
});

describe('validateExerciseAnswers', () => {
  const scale = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'].map(
    (value, i) => ({ value, point: i + 1 }),
  );
  const questions: ExerciseQuestion[] = [
    { _id: 'r', question_type: 'radio', options: scale },
    {
      _id: 'c',
      question_type: 'checkbox',
      options: [
        { value: 'Tea', point: 0 },
        { value: 'Stress', point: 0 },
        { value: 'After meals', point: 0 },
      ],
    },
    { _id: 't', question_type: 'textarea', options: [] },
  ];
  const valid: ExerciseAnswer[] = [
    { question_id: 't', value: '  Call a friend  ' },
    { question_id: 'r', value: 4 },
    { question_id: 'c', value: ['Stress', 'Tea'] },
  ];
  const replace = (id: string, value: ExerciseAnswer['value']) =>
    valid.map((answer) => (answer.question_id === id ? { question_id: id, value } : answer));

  it('returns the answers in question order with trimmed text', () => {
    expect(validateExerciseAnswers(questions, valid)).toEqual({
      ok: true,
      answers: [
        { question_id: 'r', value: 4 },
        { question_id: 'c', value: ['Stress', 'Tea'] },
        { question_id: 't', value: 'Call a friend' },
      ],
    });
  });

  it('accepts a radio answer given as the option text', () => {
    const result = validateExerciseAnswers(questions, replace('r', 'Agree'));
    expect(result.ok && result.answers[0]).toEqual({ question_id: 'r', value: 'Agree' });
  });

  it.each<[string, ExerciseAnswer[], string, string]>([
    ['a missing question', valid.slice(1), 'unanswered_question', 't'],
    ['a blank text', replace('t', '   '), 'unanswered_question', 't'],
    ['an empty selection', replace('c', []), 'unanswered_question', 'c'],
    ['an unknown question', [...valid, { question_id: 'x', value: 1 }], 'unknown_question', 'x'],
    ['a second answer', [...valid, { question_id: 'r', value: 2 }], 'duplicate_answer', 'r'],
    ['a radio point outside the scale', replace('r', 6), 'invalid_value', 'r'],
    ['a radio text not among the options', replace('r', 'Maybe'), 'invalid_value', 'r'],
    ['a radio list', replace('r', [4]), 'invalid_value', 'r'],
    ['a checkbox option twice', replace('c', ['Tea', 'Tea']), 'invalid_value', 'c'],
    ['a checkbox option that does not exist', replace('c', ['Coffee']), 'invalid_value', 'c'],
    ['a checkbox answer as one string', replace('c', 'Tea'), 'invalid_value', 'c'],
    ['a number as text', replace('t', 3), 'invalid_value', 't'],
    ['text over 2000 characters', replace('t', 'a'.repeat(2001)), 'invalid_value', 't'],
  ])('refuses %s', (_name, answers, reason, questionId) => {
    expect(validateExerciseAnswers(questions, answers)).toEqual({ ok: false, reason, questionId });
  });

  it('accepts text of exactly 2000 characters', () => {
    expect(validateExerciseAnswers(questions, replace('t', 'a'.repeat(2000))).ok).toBe(true);
  });
});

describe('exerciseSubmitRequestSchema', () => {
  it('lowercases the route and refuses one that cannot be a path segment', () => {
    expect(exerciseSubmitRequestSchema.parse({ exercise: 'SIM-Exercise-1', answers: [] })).toEqual({
      exercise: 'sim-exercise-1',
      answers: [],
    });
    expect(exerciseSubmitRequestSchema.safeParse({ exercise: '../x', answers: [] }).success).toBe(
      false,
    );
  });
});

describe('questionQuerySchema', () => {
  it.each<[unknown, boolean]>([
    [{ event: '0', limit: 'inf' }, true],
    [{ event: '2' }, true],
    [{ route: 'sim-exercise-1' }, true],
    [{ event: '3' }, false],
    [{ event: '0', limit: '0' }, false],
    [{ event: '0', limit: 'all' }, false],
  ])('%j valid: %s', (query, ok) => {
    expect(questionQuerySchema.safeParse(query).success).toBe(ok);
  });
});

describe('userLessonsQuerySchema', () => {
  it('reads the day as a positive integer', () => {
    expect(userLessonsQuerySchema.parse({ day: '3' })).toEqual({ day: 3 });
    expect(userLessonsQuerySchema.parse({})).toEqual({});
    expect(userLessonsQuerySchema.safeParse({ day: '0' }).success).toBe(false);
    expect(userLessonsQuerySchema.safeParse({ day: 'two' }).success).toBe(false);
  });
});

describe('userLessonUpdateRequestSchema', () => {
  it.each<[unknown, boolean]>([
    [{ pause_time: 12.5 }, true],
    [{ seconds_viewed: 0 }, true],
    [{ is_viewed: true }, true],
    [{ feedback: 'Why does tea make me want a cigarette?' }, true],
    [{}, false],
    [{ is_viewed: false }, false],
    [{ is_viewed: true, pause_time: 0 }, false],
    [{ pause_time: -1 }, false],
    [{ seconds_viewed: Number.POSITIVE_INFINITY }, false],
  ])('%j valid: %s', (body, ok) => {
    expect(userLessonUpdateRequestSchema.safeParse(body).success).toBe(ok);
  });

  it("asks for a question when the feedback is blank, with the spec's text", () => {
    const result = userLessonUpdateRequestSchema.safeParse({ feedback: '   ' });
    expect(result.error?.issues[0]?.message).toBe(
      "Please enter your question or click 'I Understood'.",
    );
  });

  it('trims the feedback', () => {
    expect(userLessonUpdateRequestSchema.parse({ feedback: '  Why?  ' })).toEqual({
      feedback: 'Why?',
    });
  });
});
