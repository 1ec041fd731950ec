import { describe, expect, it } from 'vitest';
import { isNewMember } from './greeting';

describe('isNewMember', () => {
  const now = new Date('2026-11-25T12:00:00Z'); // 17:30 IST

  it('is new on the IST day the account was created', () => {
    expect(isNewMember('2026-11-25T00:30:00Z', now)).toBe(true);
    // 23:59 IST the day before is another IST day, though only hours ago.
    expect(isNewMember('2026-11-24T18:29:00Z', now)).toBe(false);
  });

  it('is a returning member on later days or without a known creation date', () => {
    expect(isNewMember('2026-11-20T10:00:00Z', now)).toBe(false);
    expect(isNewMember(undefined, now)).toBe(false);
    expect(isNewMember('not a date', now)).toBe(false);
  });
});
