import { describe, expect, it } from 'vitest';
import type { ExerciseQuestion } from './api';
import { buildExerciseAnswers, exerciseRoute, toggleChoice } from './exercise-answers';

const scale = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];
const radio: ExerciseQuestion = {
  _id: 'r',
  route: 'sim-exercise-1',
  question: 'Smoking helps me handle stress.',
  question_type: 'radio',
  options: scale.map((value, index) => ({ value, point: index + 1, route: 'sim-exercise-1' })),
};
const checkbox: ExerciseQuestion = {
  _id: 'c',
  question: 'When do you usually smoke?',
  question_type: 'checkbox',
  options: ['After meals', 'With friends', 'Before sleeping'].map((value) => ({ value, point: 1 })),
};
const textarea: ExerciseQuestion = {
  _id: 't',
  question: 'Describe the cigarette you would find hardest to give up.',
  question_type: 'textarea',
  options: [],
};

describe('buildExerciseAnswers', () => {
  it('answers radio with a point, checkbox with option texts, textarea with trimmed text', () => {
    const result = buildExerciseAnswers('ignored', [radio, checkbox, textarea], {
      r: 3,
      c: [2, 0],
      t: '  The one with morning tea  ',
    });
    expect(result).toEqual({
      ok: true,
      body: {
        exercise: 'sim-exercise-1',
        answers: [
          { question_id: 'r', value: 4 },
          { question_id: 'c', value: ['After meals', 'Before sleeping'] },
          { question_id: 't', value: 'The one with morning tea' },
        ],
      },
    });
  });

  it('reports blank text, an empty selection and a missing choice as unanswered', () => {
    expect(buildExerciseAnswers('x', [radio, checkbox, textarea], { c: [], t: '   ' })).toEqual({
      ok: false,
      unanswered: ['r', 'c', 't'],
    });
  });

  it('takes the route from the first question, else the one it was opened with', () => {
    expect(exerciseRoute([radio], 'other')).toBe('sim-exercise-1');
    expect(exerciseRoute([checkbox], 'craving-plan')).toBe('craving-plan');
  });
});

describe('toggleChoice', () => {
  it('ticks and unticks', () => {
    expect(toggleChoice(undefined, 1)).toEqual([1]);
    expect(toggleChoice([1, 2], 1)).toEqual([2]);
  });
});
