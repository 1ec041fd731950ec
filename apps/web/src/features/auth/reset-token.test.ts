import { describe, expect, it } from 'vitest';
import { tokenFromResetLink } from './reset-token';

describe('tokenFromResetLink', () => {
  it('swaps the second and third segments back', () => {
    expect(tokenFromResetLink('header.signature.payload')).toBe('header.payload.signature');
  });

  it('undoes the swap the mail link applies (the round trip is the identity)', () => {
    const issued = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSIsImtpbmQiOiJyZXNldCJ9.c2lnbmF0dXJl';
    const [h, p, s] = issued.split('.');
    const inLink = `${h}.${s}.${p}`;
    expect(tokenFromResetLink(inLink)).toBe(issued);
    expect(tokenFromResetLink(tokenFromResetLink(issued))).toBe(issued);
  });

  it('ignores surrounding whitespace from a copied link', () => {
    expect(tokenFromResetLink('  a.b.c\n')).toBe('a.c.b');
  });

  it('refuses anything that is not three non-empty segments', () => {
    for (const bad of [null, undefined, '', 'abc', 'a.b', 'a.b.c.d', 'a..c', '.b.c']) {
      expect(tokenFromResetLink(bad), String(bad)).toBeNull();
    }
  });
});
