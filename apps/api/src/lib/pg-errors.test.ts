import { describe, expect, it } from 'vitest';
import { uniqueViolation } from './pg-errors';

describe('uniqueViolation', () => {
  it('names the violated index, also when the driver error is wrapped', () => {
    const driverError = Object.assign(new Error('duplicate key'), {
      code: '23505',
      constraint: 'users_email_key',
    });
    expect(uniqueViolation(driverError)).toBe('users_email_key');
    expect(uniqueViolation(new Error('Failed query', { cause: driverError }))).toBe(
      'users_email_key',
    );
  });

  it('is undefined for any other error', () => {
    expect(uniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBeUndefined();
    expect(uniqueViolation(new Error('boom'))).toBeUndefined();
    expect(uniqueViolation(undefined)).toBeUndefined();
  });
});
