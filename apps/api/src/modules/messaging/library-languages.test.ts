import { LANGUAGES } from '@exhale/contract/languages';
import { describe, expect, it } from 'vitest';
import type { ProgrammeMessageRow } from '../../db/schema/messaging';
import { pickMessage, SEED_LIBRARY } from './library';
import { replyLanguage, replyText } from './replies';

/** The programme's library and replies in all six languages (decision 065). */

const SCRIPTS: Record<string, RegExp> = {
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
  bn: /[\u0980-\u09FF]/,
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = new Map(
  SEED_LIBRARY.filter((m) => m.language === 'en').map((m) => [m.dayOffset, m.text]),
);

describe('the seeded programme library', () => {
  it.each(LANGUAGES)(
    '%s has one message for each day English has, ≤ 320 characters, with the same placeholders',
    (language) => {
      const messages = SEED_LIBRARY.filter((m) => m.language === language);
      expect(messages.map((m) => m.dayOffset)).toEqual([...english.keys()]);
      for (const m of messages) {
        const source = english.get(m.dayOffset)!;
        expect([...m.text].length, `${language} ${m.dayOffset}`).toBeLessThanOrEqual(320);
        expect(placeholders(m.text), `${language} ${m.dayOffset}`).toEqual(placeholders(source));
        // The quitline number is written exactly; reply keywords stay as the parser reads them.
        if (source.includes('1800-11-2356')) expect(m.text).toContain('1800-11-2356');
        if (language !== 'en' && language !== 'hi') {
          for (const keyword of ['CRAVE', 'SLIP', 'STOP']) {
            if (source.includes(keyword))
              expect(m.text, `${language} ${m.dayOffset}`).toContain(keyword);
          }
        }
        if (language !== 'en') expect(m.text).toMatch(SCRIPTS[language]!);
      }
    },
  );

  it('gives a member who chose Tamil, Telugu, Marathi or Bengali their language, not English', () => {
    const rows = SEED_LIBRARY.map(
      (m, index) => ({ ...m, id: String(index) }) as ProgrammeMessageRow,
    );
    for (const language of ['mr', 'ta', 'te', 'bn']) {
      const picked = pickMessage(rows, { dayOffset: 0, language, tobaccoType: null });
      expect(picked?.language, language).toBe(language);
      expect(picked?.text).toMatch(SCRIPTS[language]!);
    }
  });
});

describe('the automatic replies', () => {
  it('answer in the member language, or in the script a stranger wrote in', () => {
    expect(replyText(replyLanguage('ta', 'CRAVE'), 'crave', '/sos')).toMatch(SCRIPTS.ta!);
    expect(replyText(replyLanguage(undefined, 'உதவி'), 'help', '/sos')).toMatch(SCRIPTS.ta!);
    expect(replyText(replyLanguage(undefined, 'సహాయం'), 'help', '/sos')).toMatch(SCRIPTS.te!);
    expect(replyText(replyLanguage(undefined, 'সাহায্য'), 'help', '/sos')).toMatch(SCRIPTS.bn!);
    expect(replyLanguage(undefined, 'मदद')).toBe('hi');
    expect(replyLanguage(undefined, 'help')).toBe('en');
    expect(replyLanguage('xx', 'help')).toBe('en');
    for (const language of LANGUAGES) {
      expect(replyText(language, 'crave', 'https://exhale.example/sos')).toContain(
        'https://exhale.example/sos',
      );
    }
  });
});
