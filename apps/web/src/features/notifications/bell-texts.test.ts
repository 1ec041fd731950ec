import { describe, expect, it } from 'vitest';
import { needsTranslation, shownTexts, textsToTranslate } from './bell-texts';

const hindi = { title: 'प्लान खरीद लिया गया', message: 'स्वागत है!', language: 'hi' as const };
const english = { title: 'Plan Purchased', message: 'Welcome!', language: 'en' as const };
const operator = { title: 'Welcome', message: 'Your coach is here.', language: null };
const old = { title: 'Refund approved', message: 'Your refund is on its way.' };

describe('the bell translates only notices not written in the reader’s language', () => {
  it('leaves a notice written in the reader’s language as it is', () => {
    expect(needsTranslation(hindi, 'hi')).toBe(false);
    expect(needsTranslation(english, 'en')).toBe(false);
  });

  it('translates one written in another language, or in one nobody recorded', () => {
    expect(needsTranslation(english, 'hi')).toBe(true);
    expect(needsTranslation(hindi, 'ta')).toBe(true);
    expect(needsTranslation(operator, 'hi')).toBe(true);
    expect(needsTranslation(old, 'hi')).toBe(true);
  });

  it('sends only those notices’ texts to POST /translate', () => {
    expect(textsToTranslate([hindi, english, operator, old], 'hi')).toEqual([
      'Plan Purchased',
      'Welcome!',
      'Welcome',
      'Your coach is here.',
      'Refund approved',
      'Your refund is on its way.',
    ]);
    expect(textsToTranslate([hindi], 'hi')).toEqual([]);
  });

  it('shows the translation only for the notices that needed one', () => {
    const translate = (text: string) => `[hi] ${text}`;
    expect(shownTexts(hindi, 'hi', translate)).toEqual({
      title: hindi.title,
      message: hindi.message,
    });
    expect(shownTexts(operator, 'hi', translate)).toEqual({
      title: '[hi] Welcome',
      message: '[hi] Your coach is here.',
    });
  });
});
