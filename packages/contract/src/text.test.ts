import { describe, expect, it } from 'vitest';
import { reviewTextSchema } from './content';
import { cravingCreateRequestSchema } from './cravings';
import { quitPlanRequestSchema } from './quit-plan';
import { stripInvisibleCharacters } from './text';

describe('stripInvisibleCharacters (decision 081)', () => {
  it.each([
    ['a right-to-left override', 'Great\u202E gpj.exe', 'Great gpj.exe'],
    ['embeddings and a pop', '\u202Aleft\u202B right\u202C', 'left right'],
    ['isolates', '\u2066a\u2067b\u2068c\u2069', 'abc'],
    ['direction marks', 'a\u200Eb\u200Fc', 'abc'],
    ['a zero-width space', 'Asha\u200BRao', 'AshaRao'],
    ['a word joiner and a BOM', '\uFEFFno\u2060te', 'note'],
    ['a soft hyphen', 'smo\u00ADking', 'smoking'],
    ['a joiner between spaces', 'a \u200D b \u200C c', 'a  b  c'],
    ['a joiner at the ends', '\u200Dहाँ\u200C', 'हाँ'],
  ])('removes %s', (_label, input, expected) => {
    expect(stripInvisibleCharacters(input)).toBe(expected);
  });

  it.each([
    ['a Devanagari half form (ZWJ after virama)', 'क्\u200Dष'],
    ['a Devanagari ZWNJ', 'क्\u200Cष'],
    ['a Bengali ya-phala with ZWJ', 'র\u200D্য'],
    ['a Malayalam chillu', 'ന്\u200D'.concat('റ')],
    ['a Tamil word with ZWNJ', 'க்\u200Cஷ'],
    ['a Telugu word with ZWJ', 'క్\u200Dష'],
    ['an emoji ZWJ sequence', 'Well done 👩\u200D⚕️ and 👨\u200D👩\u200D👧'],
    ['a skin tone before a joiner', '🏃🏽\u200D♀️'],
    ['plain text with line breaks and tabs', 'Day 1\n\tno smoke\r\nDay 2'],
  ])('keeps %s', (_label, input) => {
    expect(stripInvisibleCharacters(input)).toBe(input);
  });

  it('runs before trimming and length checks in the schemas', () => {
    expect(reviewTextSchema.safeParse('\u200B\u202E').success).toBe(false);
    expect(reviewTextSchema.parse(' \u200BGood\u202E ')).toBe('Good');
    const note = cravingCreateRequestSchema.parse({
      intensity: 3,
      trigger: 'stress',
      outcome: 'resisted',
      note: 'chai\u2066 break\u2069',
    }).note;
    expect(note).toBe('chai break');
    const plan = quitPlanRequestSchema.parse({
      quit_date: '2026-03-10',
      tobacco: [{ type: 'bidi', per_day: 5, cost_per_day: 5 }],
      reasons: ['मेरे बच्चों के लिए\u200B', 'स्वास्थ्य'],
    });
    expect(plan.reasons).toEqual(['मेरे बच्चों के लिए', 'स्वास्थ्य']);
  });
});
