// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, initI18n, setLanguage } from './i18n';

// The server sends the public pages in the language of the `lang` cookie (decision 062): the app
// must keep it in step with the reader's choice, or their next first load arrives in another
// language and is drawn again.
describe('the language cookie', () => {
  afterEach(async () => {
    await setLanguage('en');
    localStorage.clear();
  });

  it('is written with the language the reader switches to, for a year, site-wide', async () => {
    await initI18n();
    await setLanguage('ta');
    expect(currentLanguage()).toBe('ta');
    expect(document.cookie).toMatch(/(^|; )lang=ta(;|$)/);
    expect(document.documentElement.lang).toBe('ta');
    expect(localStorage.getItem('language')).toBe('ta');
  });

  it('is written at start for a language stored before the cookie existed', async () => {
    localStorage.setItem('language', 'bn');
    document.cookie = 'lang=; Path=/; Max-Age=0';
    await initI18n();
    expect(currentLanguage()).toBe('bn');
    expect(document.cookie).toMatch(/(^|; )lang=bn(;|$)/);
  });
});
