import { describe, expect, it } from 'vitest';
import { exploreReviewRequestSchema, exploreTitleSchema, quizRegistrationSchema } from './content';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('quizRegistrationSchema', () => {
  const valid = { name: 'Asha', email: 'asha@example.com', mobile_no: '9876543210' };

  it('accepts a complete registration', () => {
    expect(quizRegistrationSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ ...valid, name: '  ' }, 'This field is required'],
    [{ ...valid, name: '', email: '' }, 'This field is required'],
    [{ ...valid, email: '' }, 'This field is required'],
    [{ ...valid, email: 'asha@example' }, 'Enter a valid email format'],
    [{ ...valid, email: 'as ha@example.com' }, 'Enter a valid email format'],
    [{ ...valid, mobile_no: '' }, 'This field is required'],
    [{ ...valid, mobile_no: '98765' }, 'Enter 10 valid mobile numbers'],
    [{ ...valid, mobile_no: '98765432100' }, 'Enter 10 valid mobile numbers'],
    [{ ...valid, mobile_no: '98765abcde' }, 'Enter 10 valid mobile numbers'],
  ])('reports %j as %j', (input, message) => {
    expect(firstMessage(quizRegistrationSchema.safeParse(input))).toBe(message);
  });

  it('reports the first missing field first', () => {
    const result = quizRegistrationSchema.safeParse({ name: 'Asha', email: '', mobile_no: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['email', 'mobile_no']);
  });
});

describe('exploreReviewRequestSchema', () => {
  it('trims the review and refuses blank or over-long text', () => {
    expect(exploreReviewRequestSchema.parse({ explore_id: 'x', review: '  nice  ' }).review).toBe(
      'nice',
    );
    for (const review of ['', '   ', 'a'.repeat(1001)]) {
      expect(firstMessage(exploreReviewRequestSchema.safeParse({ explore_id: 'x', review }))).toBe(
        'A review must be between 1 and 1000 characters.',
      );
    }
    expect(
      exploreReviewRequestSchema.safeParse({ explore_id: 'x', review: 'a'.repeat(1000) }).success,
    ).toBe(true);
  });
});

describe('exploreTitleSchema', () => {
  it('treats a blank title as none and caps the length', () => {
    expect(exploreTitleSchema.parse('  ')).toBeNull();
    expect(exploreTitleSchema.parse(' Day 10 smoke-free ')).toBe('Day 10 smoke-free');
    expect(exploreTitleSchema.safeParse('a'.repeat(101)).success).toBe(false);
  });
});
