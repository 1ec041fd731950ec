import { FOLLOW_UP_QUESTION } from '@exhale/contract/follow-ups';
import { LANGUAGES } from '@exhale/contract/languages';
import { describe, expect, it } from 'vitest';
import en from './en.json' with { type: 'json' };
import { languageOf, requestLanguage, text, TEXT_CATALOGUES } from './texts';

const placeholders = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the API catalogues (mails, SMS and WhatsApp texts)', () => {
  const englishKeys = Object.keys(en).sort();

  it.each(LANGUAGES)(
    '%s has every English key, none other, none blank, the same placeholders',
    (code) => {
      const catalogue = TEXT_CATALOGUES[code];
      expect(Object.keys(catalogue).sort()).toEqual(englishKeys);
      for (const key of englishKeys) {
        const value = catalogue[key]!;
        expect(value.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholders(value), `${code} ${key}`).toEqual(
          placeholders(en[key as keyof typeof en]),
        );
      }
    },
  );

  it('each translated catalogue is written in its own script (not English left in place)', () => {
    const scripts: Record<string, RegExp> = {
      hi: /[\u0900-\u097F]/,
      mr: /[\u0900-\u097F]/,
      ta: /[\u0B80-\u0BFF]/,
      te: /[\u0C00-\u0C7F]/,
      bn: /[\u0980-\u09FF]/,
    };
    for (const [code, script] of Object.entries(scripts)) {
      const catalogue = TEXT_CATALOGUES[code as keyof typeof TEXT_CATALOGUES];
      // Texts that are only placeholders and punctuation ("{brand}: {title}") carry no words.
      const worded = englishKeys.filter((key) =>
        /[a-z]{3}/i.test(en[key as keyof typeof en].replace(/\{\w+\}/g, '')),
      );
      for (const key of worded) {
        // A language without the English article writes "the {plan}" as the placeholder alone:
        // no words, so no English left in place either.
        if (!/\p{L}/u.test(catalogue[key]!.replace(/\{\w+\}/g, ''))) continue;
        expect(catalogue[key], `${code} ${key}`).toMatch(script);
      }
    }
  });

  it("the follow-up notice asks the contract's follow-up question", () => {
    expect(text('en', 'notice.followUp.message')).toBe(
      `${FOLLOW_UP_QUESTION} Answer on your dashboard; it takes one tap.`,
    );
  });

  it('fills placeholders, with the brand and the support address always known', () => {
    expect(text('en', 'loginCode.subject', { code: '123456' })).toBe(
      '123456 is your Exhale sign-in code',
    );
    expect(text('ta', 'mail.help')).toContain('support@exhale.example');
    expect(text('hi', 'receipt.thanks', { plan: 'Premium Plan', amount: '₹999' })).toContain(
      'Premium Plan',
    );
  });
});

describe('requestLanguage', () => {
  it('takes the most preferred language Exhale speaks, else English', () => {
    expect(requestLanguage('ta')).toBe('ta');
    expect(requestLanguage('te-IN,te;q=0.9,en;q=0.8')).toBe('te');
    expect(requestLanguage('fr-FR, bn;q=0.5, en;q=0.4')).toBe('bn');
    expect(requestLanguage('en;q=0.5, mr;q=0.9')).toBe('mr');
    expect(requestLanguage('fr, de')).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
    expect(requestLanguage('hi;q=0')).toBe('en');
  });

  it('languageOf keeps a known code and reads anything else as English', () => {
    expect(languageOf('bn')).toBe('bn');
    expect(languageOf('xx')).toBe('en');
    expect(languageOf(null)).toBe('en');
  });
});
