/**
 * Tamil crisis words (decision 088). Reviewed list: change it only with a review by a Tamil
 * speaker.
 *
 * Sources:
 * - PHQ-9 Tamil translation, item 9 (Pfizer's official translations, phqscreeners.com).
 * - Columbia Suicide Severity Rating Scale, screen version, Tamil translation
 *   (cssrs.columbia.edu).
 * - Tele-MANAS and the Sneha suicide-prevention helpline (Chennai) awareness material.
 * - Heart attack warning signs as Tamil Nadu health department notices write them: நெஞ்சு வலி,
 *   மூச்சுத் திணறல்.
 *
 * Tamil phrases match anywhere with spaces ignored: Tamil joins suffixes and sandhi consonants
 * to words (தற்கொலைக்கு, மூச்சுத்திணறல்), so stems are listed, not whole words.
 */
import type { CrisisWords } from './crisis-words';

export const ta: CrisisWords = {
  selfHarm: [
    'தற்கொலை',
    'சாக வேண்டும்',
    'சாகணும்',
    'சாகப் போகிறேன்',
    'செத்துப் போக',
    'செத்து போக',
    'உயிரை மாய்த்து',
    'உயிரை விட',
    'வாழ விருப்பமில்லை',
    'வாழப் பிடிக்கவில்லை',
    'என்னை நானே காயப்படுத்த',
  ],
  medical: [
    'நெஞ்சு வலி',
    'நெஞ்சுவலி',
    'மார்பு வலி',
    'மூச்சு விட முடியவில்லை',
    'மூச்சுத் திணறல்',
    'மூச்சு திணறல்',
    'மாரடைப்பு',
  ],
};
