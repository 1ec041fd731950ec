import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { parseInput, shownValidationMessage } from './validation';

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
