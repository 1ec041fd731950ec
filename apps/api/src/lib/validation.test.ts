import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { parseInput, shownValidationMessage, unstorableTextPath } from './validation';

describe('shownValidationMessage', () => {
  it("shows the first product message and hides zod's own English", () => {
    expect(
      shownValidationMessage([
        { path: 'x', message: 'Invalid input: expected string, received number' },
        { path: 'mobile', message: 'Phone number must be 10 digits' },
      ]),
    ).toBe('Phone number must be 10 digits');
    expect(shownValidationMessage([{ path: 'x', message: 'Too small' }])).toBe(
      'Please Check Inputs',
    );
  });
});

describe('parseInput', () => {
  const schema = z.object({ name: z.string().min(1, 'Enter Valid Name') });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { name: 'Asha', extra: 1 })).toEqual({ name: 'Asha' });
  });

  it('throws the same 400 a route schema would', () => {
    try {
      parseInput(schema, { name: '' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Enter Valid Name',
        errors: [{ path: 'name', message: 'Enter Valid Name' }],
      });
    }
  });
});

describe('unstorableTextPath', () => {
  it('finds NUL and unpaired surrogates at any depth, and passes any real text', () => {
    expect(unstorableTextPath({ name: 'Asha', bio: 'धूम्रपान 😀 e\u0301', n: 1, ok: null })).toBe(
      undefined,
    );
    expect(unstorableTextPath({ name: 'a\u0000b' })).toBe('name');
    expect(unstorableTextPath({ quiz: [{ answers: ['x', 'y\ud800'] }] })).toBe('quiz.0.answers.1');
    expect(unstorableTextPath('\udc00 trailing low half')).toBe('');
    expect(unstorableTextPath(['emoji cut in half \ud83d'])).toBe('0');
  });

  it('walks input nested far deeper than the call stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(unstorableTextPath(deep)).toMatch(/^0(\.0)*$/);
  });
});
