import { describe, expect, it } from 'vitest';
import en from '../../locales/legal/en.json';
import hi from '../../locales/legal/hi.json';
import { legalBlocks } from './legal-text';

describe('legalBlocks', () => {
  it('turns blank-line separated text into paragraphs and "- " lines into a list', () => {
    expect(legalBlocks('First line\ncontinues.\n\n- one\n- two\n\nLast.')).toEqual([
      { kind: 'paragraph', text: 'First line continues.' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'Last.' },
    ]);
  });

  it('ignores surrounding and repeated blank lines', () => {
    expect(legalBlocks('\n\nOnly.\n\n\n')).toEqual([{ kind: 'paragraph', text: 'Only.' }]);
  });
});

describe('legal catalogues', () => {
  // Spec §1: the terms have 24 sections and the privacy policy 12, in every language.
  it.each([
    ['en', en],
    ['hi', hi],
  ])('%s has 24 terms sections and 12 privacy sections, each titled and non-empty', (_, lang) => {
    const terms = Object.values(lang.terms.sections);
    const privacy = Object.values(lang.privacy.sections);
    expect(terms).toHaveLength(24);
    expect(privacy).toHaveLength(12);
    for (const section of [...terms, ...privacy]) {
      expect(section.title.trim()).not.toBe('');
      expect(legalBlocks(section.body).length).toBeGreaterThan(0);
    }
  });
});
