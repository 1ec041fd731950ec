import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@exhale/contract/languages';
import { describe, expect, it } from 'vitest';
import { SEED_TEXTS } from './content-texts';
import { SEED_PLANS } from './money';
import { AGREEMENT_SCALE, EXERCISES, LESSONS, SIM_STATEMENTS } from './programme-content';

/**
 * The seed ships its database text in all six languages (decision 064): every text of a
 * translatable row it writes (SIM statements and their scale, exercise questions and choices,
 * lessons, plans) has an operator's text in every language, written in that language's script.
 * The programme's message library is checked by messaging/library-languages.test.ts, the
 * notification settings' texts by test/seed-languages.int.test.ts.
 */

const SCRIPTS: Record<TranslatedLanguage, RegExp> = {
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
  bn: /[\u0980-\u09FF]/,
};

/** Every English text the seed writes into a translatable field, with where it comes from. */
const seeded: { where: string; english: string }[] = [
  ...AGREEMENT_SCALE.map((english) => ({ where: 'agreement scale', english })),
  ...([0, 1, 2] as const).flatMap((event) =>
    SIM_STATEMENTS[event].map((english, index) => ({
      where: `SIM test ${event + 1} · ${index + 1}`,
      english,
    })),
  ),
  ...Object.entries(EXERCISES).flatMap(([route, list]) =>
    list.flatMap((question, index) => [
      { where: `${route} · ${index + 1}`, english: question.question },
      ...(question.type === 'checkbox'
        ? question.choices.map((english) => ({ where: `${route} · ${index + 1} choice`, english }))
        : []),
    ]),
  ),
  ...LESSONS.flatMap((lesson) => [
    { where: `lesson ${lesson.slug} title`, english: lesson.title },
    { where: `lesson ${lesson.slug} content`, english: lesson.content },
  ]),
  ...SEED_PLANS.flatMap((plan) => [
    { where: `plan ${plan.code} name`, english: plan.name },
    { where: `plan ${plan.code} description`, english: plan.description },
    ...plan.features.map((english) => ({ where: `plan ${plan.code} feature`, english })),
  ]),
];

describe('the seed’s database text', () => {
  it('covers the 150 SIM statements, the scale, exercises, lessons and plans', () => {
    expect(seeded.filter((s) => s.where.startsWith('SIM test'))).toHaveLength(150);
    expect(seeded.length).toBeGreaterThan(150 + AGREEMENT_SCALE.length + LESSONS.length * 2);
  });

  it.each(TRANSLATED_LANGUAGES)('is written in %s for every text the seed ships', (language) => {
    const dictionary: Record<string, string> = SEED_TEXTS[language];
    const missing = seeded
      .filter(({ english }) => {
        const text = dictionary[english.trim()];
        return text === undefined || text.trim() === '' || !SCRIPTS[language].test(text);
      })
      .map(({ where, english }) => `${where}: ${english}`);
    expect(missing).toEqual([]);
  });

  it.each(TRANSLATED_LANGUAGES)('has no %s text for English the seed does not ship', (language) => {
    const english = new Set(seeded.map((s) => s.english.trim()));
    expect(Object.keys(SEED_TEXTS[language]).filter((key) => !english.has(key))).toEqual([]);
  });
});
