/**
 * Bengali crisis words (decision 088). Reviewed list: change it only with a review by a Bengali
 * speaker.
 *
 * Sources:
 * - PHQ-9 Bengali translation, item 9 (Pfizer's official translations, phqscreeners.com).
 * - Columbia Suicide Severity Rating Scale, screen version, Bengali translation
 *   (cssrs.columbia.edu).
 * - Tele-MANAS and the Lifeline Foundation helpline (Kolkata) awareness material.
 * - Heart attack warning signs as West Bengal health notices write them: বুকে ব্যথা, শ্বাসকষ্ট.
 *
 * Bengali phrases match anywhere with spaces ignored; the candrabindu is dropped on both sides
 * (বাঁচতে = বাচতে) because many keyboards and writers leave it out, and the zero-width joiner of
 * the ya-phala (ব‍্যথা) is ignored.
 */
import type { CrisisWords } from './crisis-words';

export const bn: CrisisWords = {
  selfHarm: [
    'আত্মহত্যা',
    'মরে যেতে চাই',
    'মরতে চাই',
    'মরে যাব',
    'বাঁচতে চাই না',
    'বাঁচতে ইচ্ছে করে না',
    'নিজেকে শেষ করে',
    'নিজেকে মেরে',
    'নিজের ক্ষতি করতে',
  ],
  medical: [
    'বুকে ব্যথা',
    'বুকে ব্যাথা',
    'বুকে যন্ত্রণা',
    'শ্বাসকষ্ট',
    'শ্বাস নিতে কষ্ট',
    'নিঃশ্বাস নিতে পারছি না',
    'দম বন্ধ',
    'হার্ট অ্যাটাক',
  ],
};
