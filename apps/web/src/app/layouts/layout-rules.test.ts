import { describe, expect, it } from 'vitest';
import { firstSegment, layoutFor, showsFooter } from './layout-rules';

describe('layout rules', () => {
  it.each([
    ['/', 'public'],
    ['/login', 'public'],
    ['/signup', 'public'],
    ['/Login', 'public'],
    ['/terms-and-conditions', 'bare'],
    ['/privacy-policy', 'bare'],
    ['/reset', 'bare'],
    ['/help-center', 'bare'],
    ['/help-center/contact-us', 'bare'],
    ['/user-delete', 'bare'],
    ['/verify-email', 'bare'],
    ['/dashboard', 'app'],
    ['/blog', 'app'],
    ['/blog/42', 'app'],
    ['/quiz/abc', 'app'],
    ['/no-such-page', 'app'],
  ] as const)('gives %s the %s layout', (path, kind) => {
    expect(layoutFor(path)).toBe(kind);
  });

  it('decides by the first segment only, so nested paths inherit it', () => {
    expect(layoutFor('/login/anything')).toBe('public');
    expect(layoutFor('/dashboard/login')).toBe('app');
    expect(firstSegment('/help-center/pricing-&-payment')).toBe('help-center');
  });

  it('hides the footer on reset paths only', () => {
    expect(showsFooter('/reset')).toBe(false);
    expect(showsFooter('/reset/anything')).toBe(false);
    expect(showsFooter('/')).toBe(true);
    expect(showsFooter('/terms-and-conditions')).toBe(true);
    expect(showsFooter('/dashboard')).toBe(true);
  });
});
