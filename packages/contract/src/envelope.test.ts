import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  errorBody,
  errorBodySchema,
  fieldErrorsFromZod,
  messageEnvelopeSchema,
  successEnvelope,
  validationErrorBody,
} from './envelope';
import { Messages } from './messages';

describe('errorBodySchema', () => {
  it.each([
    ['minimal', { success: false, message: 'Invalid OTP!', code: 'INVALID_OTP' }, true],
    [
      'with field errors',
      {
        success: false,
        message: 'Invalid OTP!',
        code: 'INVALID_OTP',
        errors: [{ path: 'otp', message: 'Invalid OTP!' }],
      },
      true,
    ],
    ['success true', { success: true, message: 'x', code: 'X' }, false],
    ['no code', { success: false, message: 'x' }, false],
    ['no message', { success: false, code: 'X' }, false],
    ['bad errors item', { success: false, message: 'x', code: 'X', errors: [{ path: 1 }] }, false],
  ])('%s → valid %s', (_name, body, valid) => {
    expect(errorBodySchema.safeParse(body).success).toBe(valid);
  });

  it('drops fields the contract does not name', () => {
    const parsed = errorBodySchema.parse({
      success: false,
      message: 'Something went wrong. Please try again.',
      code: 'INTERNAL_ERROR',
      stack: 'at secret.ts:1',
    });
    expect(parsed).toEqual({
      success: false,
      message: 'Something went wrong. Please try again.',
      code: 'INTERNAL_ERROR',
    });
  });
});

describe('successEnvelope', () => {
  const schema = successEnvelope(z.object({ id: z.string() }), { token: z.string() });

  it.each([
    ['data and token', { success: true, data: { id: 'a' }, token: 't' }, true],
    [
      'with message',
      { success: true, message: 'Login successful', data: { id: 'a' }, token: 't' },
      true,
    ],
    ['missing data', { success: true, token: 't' }, false],
    ['missing extra field', { success: true, data: { id: 'a' } }, false],
    ['success false', { success: false, data: { id: 'a' }, token: 't' }, false],
    ['wrong data shape', { success: true, data: { id: 1 }, token: 't' }, false],
  ])('%s → valid %s', (_name, body, valid) => {
    expect(schema.safeParse(body).success).toBe(valid);
  });

  it('drops unknown fields at the top level and inside data', () => {
    const parsed = schema.parse({
      success: true,
      data: { id: 'a', password_hash: 'x' },
      token: 't',
      debug: true,
    });
    expect(parsed).toEqual({ success: true, data: { id: 'a' }, token: 't' });
  });

  it('works without extra fields', () => {
    expect(successEnvelope(z.array(z.number())).parse({ success: true, data: [1, 2] })).toEqual({
      success: true,
      data: [1, 2],
    });
  });

  it('has a data-less variant for message-only answers', () => {
    expect(messageEnvelopeSchema.parse({ success: true, message: 'Logout Success' })).toEqual({
      success: true,
      message: 'Logout Success',
    });
  });
});

describe('errorBody', () => {
  it('carries the code and text of a catalogue entry', () => {
    expect(errorBody(Messages.INVALID_OTP)).toEqual({
      success: false,
      code: 'INVALID_OTP',
      message: 'Invalid OTP!',
    });
  });

  it('adds field errors when given', () => {
    expect(errorBody(Messages.INVALID_OTP, [{ path: 'attemptsLeft', message: '4' }])).toEqual({
      success: false,
      code: 'INVALID_OTP',
      message: 'Invalid OTP!',
      errors: [{ path: 'attemptsLeft', message: '4' }],
    });
  });
});

describe('validationErrorBody', () => {
  const schema = z.object({
    profile: z.object({ name: z.string({ error: 'Enter Name' }) }),
    tags: z.array(z.string()),
  });

  it('joins nested paths with dots and lists every issue', () => {
    const error = schema.safeParse({ profile: {}, tags: [1] }).error;
    expect(error).toBeDefined();
    expect(fieldErrorsFromZod(error!)).toEqual([
      { path: 'profile.name', message: 'Enter Name' },
      { path: 'tags.0', message: expect.any(String) },
    ]);
  });

  it.each([
    ['the first catalogue text', { profile: {}, tags: [] }, 'Enter Name'],
    [
      'the generic text when no issue has catalogue text',
      { profile: { name: 'a' } },
      'Please Check Inputs',
    ],
  ])('shows %s', (_name, input, message) => {
    const error = schema.safeParse(input).error;
    expect(error).toBeDefined();
    const body = validationErrorBody(error!);
    expect(body.success).toBe(false);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe(message);
    expect(errorBodySchema.safeParse(body).success).toBe(true);
  });

  it('skips non-catalogue issues to find a catalogue one', () => {
    const tagsFirst = z.object({
      tags: z.array(z.string()),
      name: z.string({ error: 'Enter Name' }),
    });
    const error = tagsFirst.safeParse({ tags: 'x' }).error;
    expect(error?.issues[0]?.path).toEqual(['tags']);
    expect(validationErrorBody(error!).message).toBe('Enter Name');
  });
});

describe('successEnvelope types', () => {
  it('infers data and the extra fields for consumers', () => {
    const schema = successEnvelope(z.object({ id: z.string() }), { total_days: z.number() });
    expect(schema.parse({ success: true, data: { id: 'a' }, total_days: 7 }).total_days).toBe(7);
    expectTypeOf<z.infer<typeof schema>>().toEqualTypeOf<{
      success: true;
      message?: string | undefined;
      data: { id: string };
      total_days: number;
    }>();
  });
});
